import type { TAddLeadListMembersRequest } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { addLeadListMembers, listLeadListMembers, removeLeadListMembers } from './lead-list-members.ts';
import { createLeadList, deleteLeadList, getLeadList, listLeadLists, renameLeadList } from './lead-lists.ts';

/**
 * Lead lists (docs/product.md "Lead lists"): named sets of the user's saved records, every operation
 * scoped to the verified user id. A list's export is the Database export with the "In list" filter.
 */
export function createLeadListLibrary(
  database: TDatabase,
  /** How long records are kept: the members' rows say when each expires, as the Database page's do. */
  retentionMonths: number,
) {
  const { db } = database;
  return {
    lists: (userId: string) => listLeadLists(db, userId),
    get: (userId: string, listId: string) => getLeadList(db, { userId, listId }),
    create: (userId: string, name: string) => createLeadList(db, { userId, name }),
    rename: (userId: string, listId: string, name: string) => renameLeadList(db, { userId, listId, name }),
    delete: (userId: string, listId: string) => deleteLeadList(db, { userId, listId }),
    members: (userId: string, listId: string, page: number) =>
      listLeadListMembers(db, database.sql, { userId, listId, page, retentionMonths }),
    add: (userId: string, listId: string, body: TAddLeadListMembersRequest) =>
      addLeadListMembers(db, { userId, listId, body }),
    remove: (userId: string, listId: string, ids: readonly string[]) =>
      removeLeadListMembers(db, { userId, listId, ids }),
  };
}
export type TLeadListLibrary = ReturnType<typeof createLeadListLibrary>;
