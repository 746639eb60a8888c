import type { TRun, TStartRunInput } from '@prospector/contracts';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { extractionRuns } from '../db/schema.ts';
import { cancelRun } from './cancel-run.ts';
import type { TRunActor } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { listRuns, readRunDetail, readRunDetailJson, toRun } from './run-reads.ts';
import { startRun } from './start-run.ts';

/** A finished run still counts as "current" on a stream that connects this soon after it ended. */
export const RECENTLY_FINISHED_MS = 10_000;

/**
 * Extraction runs as the routes see them: a facade over one file per verb. A run belongs to a workspace
 * (`ownerKey`, from the verified session): every member of it reads, cancels and streams it.
 */
export function createRunEngine(deps: TRunDeps) {
  return {
    /** Starts a run for the actor's workspace (a bare user id: their personal one). */
    start: (actor: TRunActor | string, request: TStartRunInput) => startRun(deps, actor, request),
    cancel: (ownerKey: string, runId: string) => cancelRun(deps, ownerKey, runId),
    list: (ownerKey: string) => listRuns(deps.db, ownerKey),
    detail: (ownerKey: string, runId: string) => readRunDetail(deps.db, ownerKey, runId),
    /** The same as JSON text, for the run page (`readRunDetailJson`). */
    detailJson: (ownerKey: string, runId: string) => readRunDetailJson(deps.db, ownerKey, runId),
    /** The workspace's active runs and the latest one finished in the last few seconds, oldest first. */
    async current(ownerKey: string): Promise<TRun[]> {
      const rows = await deps.db
        .select()
        .from(extractionRuns)
        .where(
          and(
            eq(extractionRuns.ownerKey, ownerKey),
            or(
              inArray(extractionRuns.status, ['queued', 'running']),
              gt(extractionRuns.finishedAt, sql`now() - ${RECENTLY_FINISHED_MS} * interval '1 millisecond'`),
            ),
          ),
        )
        .orderBy(desc(extractionRuns.createdAt));
      const active = rows.filter((row) => row.status === 'queued' || row.status === 'running');
      const finished = rows
        .filter((row) => row.finishedAt)
        .sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0))
        .slice(0, 1);
      return [...finished, ...active.reverse()].map(toRun);
    },
  };
}

export type TRunEngine = ReturnType<typeof createRunEngine>;
