import {
  AppError,
  LEAD_LIST_NOT_FOUND,
  leadListNameTakenMessage,
  MAX_LEAD_LISTS,
  type TLeadList,
  TOO_MANY_LEAD_LISTS,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { leadLists } from '../db/schema.ts';

type TDb = TDatabase['db'];

/**
 * A list with its counts: every member, and the members with an e-mail (what an export holds). Written
 * with aliases: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
 */
const listColumns = {
  id: leadLists.id,
  name: leadLists.name,
  createdAt: leadLists.createdAt,
  updatedAt: leadLists.updatedAt,
  /** The member who created it (docs/architecture.md §17). */
  createdBy: leadLists.userId,
  memberCount: sql<number>`(select count(*)::int from database.lead_list_members m where m.list_id = "lead_lists"."id")`,
  withEmailCount: sql<number>`(select count(*)::int from database.lead_list_members m join database.extractions e on e.id = m.extraction_id where m.list_id = "lead_lists"."id" and e.public_email is not null)`,
};

type TLeadListRow = Omit<TLeadList, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toLeadList = (row: TLeadListRow): TLeadList => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', LEAD_LIST_NOT_FOUND);

/** PostgreSQL's unique violation on the name index: the workspace already has a list of that name. */
const isNameTaken = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; constraint_name?: string } }).cause ?? error;
  const pg = cause as { code?: string; constraint_name?: string };
  return pg.code === '23505' && pg.constraint_name === 'lead_lists_owner_name_unique';
};

/** The workspace's lists, newest first, with their counts. */
export async function listLeadLists(db: TDb, ownerKey: string): Promise<TLeadList[]> {
  const rows = await db
    .select(listColumns)
    .from(leadLists)
    .where(eq(leadLists.ownerKey, ownerKey))
    .orderBy(desc(leadLists.createdAt), desc(leadLists.id));
  return rows.map(toLeadList);
}

/** One of the workspace's lists; another workspace's id (or no uuid at all) is "List not found". */
export async function getLeadList(db: TDb, { ownerKey, listId }: { ownerKey: string; listId: string }) {
  const [row] = await db
    .select(listColumns)
    .from(leadLists)
    .where(and(eq(leadLists.ownerKey, ownerKey), eq(leadLists.id, listId)))
    .limit(1);
  if (!row) throw notFound();
  return toLeadList(row);
}

/** A new, empty list of the workspace, made by `userId`; a name it already uses (whatever its case) is a 409. */
export async function createLeadList(
  db: TDb,
  { ownerKey, userId, name }: { ownerKey: string; userId: string; name: string },
) {
  const [held] = await db.select({ total: count() }).from(leadLists).where(eq(leadLists.ownerKey, ownerKey));
  if ((held?.total ?? 0) >= MAX_LEAD_LISTS) throw new AppError('CONFLICT', TOO_MANY_LEAD_LISTS);
  try {
    const [row] = await db
      .insert(leadLists)
      .values({ ownerKey, userId, name })
      .returning({ id: leadLists.id });
    return getLeadList(db, { ownerKey, listId: (row as { id: string }).id });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', leadListNameTakenMessage(name));
    throw error;
  }
}

export async function renameLeadList(
  db: TDb,
  { ownerKey, listId, name }: { ownerKey: string; listId: string; name: string },
) {
  try {
    const renamed = await db
      .update(leadLists)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(leadLists.ownerKey, ownerKey), eq(leadLists.id, listId)))
      .returning({ id: leadLists.id });
    if (renamed.length === 0) throw notFound();
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', leadListNameTakenMessage(name));
    throw error;
  }
  return getLeadList(db, { ownerKey, listId });
}

/** Deletes the list and its memberships (cascade); the saved records stay. */
export async function deleteLeadList(db: TDb, { ownerKey, listId }: { ownerKey: string; listId: string }) {
  const deleted = await db
    .delete(leadLists)
    .where(and(eq(leadLists.ownerKey, ownerKey), eq(leadLists.id, listId)))
    .returning({ id: leadLists.id });
  if (deleted.length === 0) throw notFound();
}
