import type { TLogger, TStoppable } from '@prospector/service-kit';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { extractionRuns } from '../db/schema.ts';
import type { TRunDeps } from './run-deps.ts';
import { enqueueSteps } from './run-events.ts';

/**
 * Sends each lane of the active runs its current step again: those that changed nothing for
 * `stallAfterMs`, or every active run (`all`, at the start of a process whose queue lives in memory and
 * died with the last one). A step still on its way is harmless: the lane's step number lets one of
 * the two do the work.
 */
export async function resumeRuns(
  deps: Pick<TRunDeps, 'db' | 'config'>,
  options: { all: boolean },
): Promise<number> {
  const active = inArray(extractionRuns.status, ['queued', 'running']);
  return deps.db.transaction(async (tx) => {
    const stalled = await tx
      .update(extractionRuns)
      .set({ updatedAt: sql`now()` })
      .where(
        options.all
          ? active
          : and(
              active,
              lt(
                extractionRuns.updatedAt,
                sql`now() - ${deps.config.stallAfterMs} * interval '1 millisecond'`,
              ),
            ),
      )
      .returning({
        id: extractionRuns.id,
        userId: extractionRuns.userId,
        laneSteps: extractionRuns.laneSteps,
      });
    for (const run of stalled) {
      await enqueueSteps(
        tx,
        run.userId,
        run.laneSteps.map((step, index) => ({ runId: run.id, lane: index + 1, step, notBefore: 0 })),
      );
    }
    return stalled.length;
  });
}

/** Looks for stalled runs every `sweepIntervalMs` (a safety net: steps are durable on their own). */
export function startRunSweeper(deps: Pick<TRunDeps, 'db' | 'config'>, logger: TLogger): TStoppable {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = resumeRuns(deps, { all: false })
      .then((count) => {
        if (count > 0) logger.warn('stalled extraction runs resumed', { count });
      })
      .catch((error: unknown) => logger.warn('run sweep failed', { error }));
  }, deps.config.sweepIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
