import {
  AppError,
  type TRun,
  type TRunDetail,
  type TRunItem,
  type TRunItemEvent,
} from '@prospector/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';

export type TExtractorDb = PostgresJsDatabase<Record<string, never>>;
/** A transaction of the extractor's database (what `db.transaction` hands its callback). */
export type TExtractorTx = Parameters<Parameters<TExtractorDb['transaction']>[0]>[0];
export type TRunRow = typeof extractionRuns.$inferSelect;
export type TItemRow = typeof extractionRunItems.$inferSelect;

/** How many runs `GET /api/extractor/runs` lists. */
export const RUN_LIST_LIMIT = 20;

export const toRun = (row: TRunRow): TRun => ({
  id: row.id,
  source: row.source,
  sourceDetail: row.sourceDetail,
  firstUsernames: row.firstUsernames,
  status: row.status,
  total: row.total,
  processed: row.processed,
  emailsFound: row.emailsFound,
  errors: row.errors,
  creditsUsed: row.creditsUsed,
  skipped: row.skipped,
  inOtherRuns: row.inOtherRuns,
  currentUsername: row.currentUsername,
  cancelRequested: row.cancelRequested,
  websites: row.websites,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const toRunItem = (row: TItemRow): TRunItem => ({
  id: row.id,
  username: row.username,
  status: row.status,
  outcome: row.outcome,
  message: row.message,
  creditsUsed: row.creditsUsed,
  profile: row.profile,
  emailCheck: row.emailCheck,
  emailCheckPending: row.emailCheckPending,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const toItemEvent = (row: TItemRow): TRunItemEvent => ({ ...toRunItem(row), runId: row.runId });

export const runNotFound = () => new AppError('NOT_FOUND', 'This extraction run does not exist.');

/** The user's own run; another user's id reads as unknown. */
export async function readOwnRun(db: TExtractorDb, userId: string, runId: string): Promise<TRunRow> {
  const [row] = await db
    .select()
    .from(extractionRuns)
    .where(and(eq(extractionRuns.id, runId), eq(extractionRuns.userId, userId)));
  if (!row) throw runNotFound();
  return row;
}

export async function readRunDetail(db: TExtractorDb, userId: string, runId: string): Promise<TRunDetail> {
  const run = await readOwnRun(db, userId, runId);
  const items = await db
    .select()
    .from(extractionRunItems)
    .where(eq(extractionRunItems.runId, runId))
    .orderBy(asc(extractionRunItems.position));
  return { ...toRun(run), items: items.map(toRunItem) };
}

export async function listRuns(db: TExtractorDb, userId: string): Promise<TRun[]> {
  const rows = await db
    .select()
    .from(extractionRuns)
    .where(eq(extractionRuns.userId, userId))
    .orderBy(desc(extractionRuns.createdAt), desc(extractionRuns.id))
    .limit(RUN_LIST_LIMIT);
  return rows.map(toRun);
}
