import {
  AppError,
  type TRun,
  type TRunDetail,
  type TRunItem,
  type TRunItemEvent,
} from '@prospector/contracts';
import { isoTimestampText, type TDatabase } from '@prospector/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';

/*
 * Reading runs: the rows' types, their API shapes (`toRun`, `toRunItem`) and the runs page's prepared
 * reads. Writes live with what decides them (start-run.ts, process-step.ts, finish-run.ts, …).
 */

/** A transaction of the extractor's database (what `db.transaction` hands its callback). */
export type TExtractorTx = Parameters<Parameters<TDatabase['db']['transaction']>[0]>[0];
export type TRunRow = typeof extractionRuns.$inferSelect;
export type TItemRow = typeof extractionRunItems.$inferSelect;

/** How many runs `GET /api/extractor/runs` lists. */
export const RUN_LIST_LIMIT = 20;

/** What the erasure leaves in `user_id` of a run a member started in a workspace other than their own. */
export const FORMER_MEMBER = 'former-member';

/** The member who started a run as the API shows it: null for one who has since erased their account. */
export const startedByOf = (userId: string): string | null => (userId === FORMER_MEMBER ? null : userId);

export const toRun = (row: TRunRow): TRun => ({
  id: row.id,
  startedBy: startedByOf(row.userId),
  source: row.source,
  sourceDetail: row.sourceDetail,
  firstUsernames: row.firstUsernames,
  status: row.status,
  total: row.total,
  processed: row.processed,
  emailsFound: row.emailsFound,
  emailsUndeliverable: row.emailsUndeliverable,
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

export const RUN_NOT_FOUND_MESSAGE = 'This extraction run does not exist.';

const isoText = (column: AnyPgColumn) => isoTimestampText(sql`${column} at time zone 'UTC'`);
const items = extractionRunItems;
/** `toRunItem`, written by PostgreSQL. */
const itemJson = sql`json_build_object(
  'id', ${items.id}, 'username', ${items.username}, 'status', ${items.status}, 'outcome', ${items.outcome},
  'message', ${items.message}, 'creditsUsed', ${items.creditsUsed}, 'profile', ${items.profile},
  'emailCheck', ${items.emailCheck}, 'emailCheckPending', ${items.emailCheckPending},
  'finishedAt', ${isoText(items.finishedAt)})`;
const runs = extractionRuns;
// Named with its table: in a one-table select drizzle writes columns bare, and a bare "id" inside the
// items' subquery would be the item's.
const runIdOfRow = sql`${runs}.${sql.identifier(runs.id.name)}`;
/** `readRunDetail`'s answer, written by PostgreSQL: `toRun` and the items in their order. */
const runDetailJson = sql<string>`json_build_object(
  'id', ${runs.id},
  'startedBy', nullif(${runs.userId}, ${sql.raw(`'${FORMER_MEMBER}'`)}),
  'source', ${runs.source}, 'sourceDetail', ${runs.sourceDetail},
  'firstUsernames', ${runs.firstUsernames}, 'status', ${runs.status}, 'total', ${runs.total},
  'processed', ${runs.processed}, 'emailsFound', ${runs.emailsFound},
  'emailsUndeliverable', ${runs.emailsUndeliverable}, 'errors', ${runs.errors},
  'creditsUsed', ${runs.creditsUsed}, 'skipped', ${runs.skipped}, 'inOtherRuns', ${runs.inOtherRuns},
  'currentUsername', ${runs.currentUsername}, 'cancelRequested', ${runs.cancelRequested},
  'websites', ${runs.websites}, 'createdAt', ${isoText(runs.createdAt)}, 'finishedAt', ${isoText(runs.finishedAt)},
  'items', coalesce(
    (select json_agg(${itemJson} order by ${items.position}) from ${items} where ${items.runId} = ${runIdOfRow}),
    '[]'::json))::text`;

/**
 * The hot reads of the runs page, built once per database client and prepared: PostgreSQL parses and
 * plans each once per connection, and no request rebuilds its SQL.
 */
function buildRunReads(db: TDatabase['db']) {
  const ownerKey = sql.placeholder('ownerKey');
  const runId = sql.placeholder('runId');
  return {
    ownRunJson: db
      .select({ json: runDetailJson })
      .from(runs)
      .where(and(eq(runs.id, runId), eq(runs.ownerKey, ownerKey)))
      .prepare('read_own_run_json'),
    ownRun: db
      .select()
      .from(extractionRuns)
      .where(and(eq(extractionRuns.id, runId), eq(extractionRuns.ownerKey, ownerKey)))
      .prepare('read_own_run'),
    // The workspace's check is in the query too, so it can run beside `ownRun` and still never reads
    // another workspace's items.
    ownItems: db
      .select({ item: extractionRunItems })
      .from(extractionRunItems)
      .innerJoin(extractionRuns, eq(extractionRuns.id, extractionRunItems.runId))
      .where(and(eq(extractionRunItems.runId, runId), eq(extractionRuns.ownerKey, ownerKey)))
      .orderBy(asc(extractionRunItems.position))
      .prepare('read_own_run_items'),
    latestRuns: db
      .select()
      .from(extractionRuns)
      .where(eq(extractionRuns.ownerKey, ownerKey))
      .orderBy(desc(extractionRuns.createdAt), desc(extractionRuns.id))
      .limit(RUN_LIST_LIMIT)
      .prepare('list_runs'),
  };
}
const runReads = new WeakMap<TDatabase['db'], ReturnType<typeof buildRunReads>>();
function readsOf(db: TDatabase['db']) {
  const reads = runReads.get(db) ?? buildRunReads(db);
  runReads.set(db, reads);
  return reads;
}

/** A run of the workspace `ownerKey` (any member's); another workspace's id reads as unknown. */
export async function readOwnRun(db: TDatabase['db'], ownerKey: string, runId: string): Promise<TRunRow> {
  const [row] = await readsOf(db).ownRun.execute({ ownerKey, runId });
  if (!row) throw new AppError('NOT_FOUND', RUN_NOT_FOUND_MESSAGE);
  return row;
}

export async function readRunDetail(
  db: TDatabase['db'],
  ownerKey: string,
  runId: string,
): Promise<TRunDetail> {
  const reads = readsOf(db);
  const [run, items] = await Promise.all([
    readOwnRun(db, ownerKey, runId),
    reads.ownItems.execute({ ownerKey, runId }),
  ]);
  return { ...toRun(run), items: items.map(({ item }) => toRunItem(item)) };
}

/**
 * The run page's read: `readRunDetail`'s answer as JSON text, which PostgreSQL writes in one statement,
 * so this process neither decodes the items' profiles nor serialises them again.
 */
export async function readRunDetailJson(
  db: TDatabase['db'],
  ownerKey: string,
  runId: string,
): Promise<string> {
  const [row] = await readsOf(db).ownRunJson.execute({ ownerKey, runId });
  if (!row) throw new AppError('NOT_FOUND', RUN_NOT_FOUND_MESSAGE);
  return row.json;
}

/** The workspace's latest runs, every member's. */
export async function listRuns(db: TDatabase['db'], ownerKey: string): Promise<TRun[]> {
  const rows = await readsOf(db).latestRuns.execute({ ownerKey });
  return rows.map(toRun);
}
