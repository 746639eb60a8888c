import {
  AppError,
  EXTRACTION_NOT_FOUND,
  LEAD_LIST_NOT_FOUND,
  type TAddLeadListMembersRequest,
  type TAddLeadListMembersResponse,
  ZExtractionListQuerySchema,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { extractions, leadListMembers, leadLists } from '../db/schema.ts';
import { listExtractions } from '../extractions/list-extractions.ts';
import { getLeadList } from './lead-lists.ts';

type TDb = TDatabase['db'];

/** Usernames as records store them: lower case, without `@`, each once. */
const usernamesOf = (names: readonly string[]) => [
  ...new Set(names.map((name) => name.replace(/^@/, '').toLowerCase())),
];

/** The workspace's records an add names: by id, by username, or every record one run saved. */
function recordsNamed(ownerKey: string, body: TAddLeadListMembersRequest): SQL {
  const own = eq(extractions.ownerKey, ownerKey);
  if (body.ids) return and(own, inArray(extractions.id, body.ids)) as SQL;
  if (body.usernames) {
    return and(own, inArray(extractions.instagramUsername, usernamesOf(body.usernames))) as SQL;
  }
  return and(own, eq(extractions.runId, body.runId as string)) as SQL;
}

/**
 * Adds the workspace's saved records to one of its lists. The primary key (list, record) keeps an account
 * from being in a list twice: a record already there is only counted. Ids that are not the workspace's
 * records refuse the whole add (404), as another workspace's list does; usernames without a saved record are
 * counted in `notSaved`.
 */
export async function addLeadListMembers(
  db: TDb,
  { ownerKey, listId, body }: { ownerKey: string; listId: string; body: TAddLeadListMembersRequest },
): Promise<TAddLeadListMembersResponse> {
  return db.transaction(async (tx) => {
    // The list is held (shared) until the rows are in: a delete of it waits, and never meets a half add.
    const [list] = await tx
      .select({ id: leadLists.id })
      .from(leadLists)
      .where(and(eq(leadLists.ownerKey, ownerKey), eq(leadLists.id, listId)))
      .for('share');
    if (!list) throw new AppError('NOT_FOUND', LEAD_LIST_NOT_FOUND);
    const records = await tx
      .select({ id: extractions.id })
      .from(extractions)
      .where(recordsNamed(ownerKey, body));
    const ids = records.map((record) => record.id);
    if (body.ids && ids.length < new Set(body.ids).size)
      throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
    const notSaved = body.usernames ? usernamesOf(body.usernames).length - ids.length : 0;
    if (ids.length === 0) return { added: 0, alreadyInList: 0, notSaved };
    const inserted = await tx
      .insert(leadListMembers)
      .values(ids.map((extractionId) => ({ listId, extractionId })))
      .onConflictDoNothing()
      .returning({ id: leadListMembers.extractionId });
    if (inserted.length > 0) {
      await tx.update(leadLists).set({ updatedAt: sql`now()` }).where(eq(leadLists.id, listId));
    }
    return { added: inserted.length, alreadyInList: ids.length - inserted.length, notSaved };
  });
}

/** Takes records out of the workspace's list; ids that are not in it count for nothing. */
export async function removeLeadListMembers(
  db: TDb,
  { ownerKey, listId, ids }: { ownerKey: string; listId: string; ids: readonly string[] },
): Promise<number> {
  await getLeadList(db, { ownerKey, listId });
  const removed = await db
    .delete(leadListMembers)
    .where(and(eq(leadListMembers.listId, listId), inArray(leadListMembers.extractionId, [...ids])))
    .returning({ id: leadListMembers.extractionId });
  if (removed.length > 0) {
    await db.update(leadLists).set({ updatedAt: sql`now()` }).where(eq(leadLists.id, listId));
  }
  return removed.length;
}

/**
 * A page of the list's members: the Database page's query with the "In list" filter, newest first, as
 * the JSON text of a `TExtractionPage` (PostgreSQL writes it, see list-extractions.ts).
 */
export async function listLeadListMembers(
  db: TDb,
  sqlClient: Sql,
  {
    ownerKey,
    listId,
    page,
    retentionMonths,
  }: { ownerKey: string; listId: string; page: number; retentionMonths: number },
) {
  await getLeadList(db, { ownerKey, listId });
  return listExtractions(
    sqlClient,
    ownerKey,
    ZExtractionListQuerySchema.parse({ list: listId, page: String(page) }),
    retentionMonths,
  );
}
