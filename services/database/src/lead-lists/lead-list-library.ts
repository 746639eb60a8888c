import type { TAddLeadListMembersRequest } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { addLeadListMembers, listLeadListMembers, removeLeadListMembers } from './lead-list-members.ts';
import { createLeadList, deleteLeadList, getLeadList, listLeadLists, renameLeadList } from './lead-lists.ts';

/**
 * Lead lists (docs/product.md "Lead lists"): named sets of the workspace's saved records, every operation
 * scoped to the verified session's workspace (`ownerKey`, docs/architecture.md §17), so its members share
 * them. A list's export is the Database export with the "In list" filter.
 */
export function createLeadListLibrary(
  database: TDatabase,
  /** How long records are kept: the members' rows say when each expires, as the Database page's do. */
  retentionMonths: number,
) {
  const { db } = database;
  return {
    lists: (ownerKey: string) => listLeadLists(db, ownerKey),
    get: (ownerKey: string, listId: string) => getLeadList(db, { ownerKey, listId }),
    /** `userId`: the member creating it, shown as the list's `createdBy`. */
    create: (actor: { ownerKey: string; userId: string }, name: string) =>
      createLeadList(db, { ...actor, name }),
    rename: (ownerKey: string, listId: string, name: string) =>
      renameLeadList(db, { ownerKey, listId, name }),
    delete: (ownerKey: string, listId: string) => deleteLeadList(db, { ownerKey, listId }),
    members: (ownerKey: string, listId: string, page: number) =>
      listLeadListMembers(db, database.sql, { ownerKey, listId, page, retentionMonths }),
    add: (ownerKey: string, listId: string, body: TAddLeadListMembersRequest) =>
      addLeadListMembers(db, { ownerKey, listId, body }),
    remove: (ownerKey: string, listId: string, ids: readonly string[]) =>
      removeLeadListMembers(db, { ownerKey, listId, ids }),
  };
}
export type TLeadListLibrary = ReturnType<typeof createLeadListLibrary>;
