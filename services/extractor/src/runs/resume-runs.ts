import { startSweepLoop, type TLogger, type TStoppable } from '@prospector/service-kit';
import { and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import { extractionRunLanes, extractionRuns } from '../db/schema.ts';
import { admitLanes, dropFinishedRunsLanes } from './admission.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { STEP_CONSUMER } from './run-messages.ts';
import { enqueueSteps } from './run-outbox.ts';

/**
 * While steps wait their turn on the work queue, a run is only taken for stalled after this many stall
 * limits: its step may simply not have been handed out yet, and a copy sent meanwhile would only lengthen
 * the queue.
 */
export const BACKLOG_STALL_FACTOR = 10;

/**
 * Sends each admitted lane of the active runs its current step again: those that changed nothing (and
 * whose steps did not beat, see step-heartbeat.ts) for `stallAfterMs`, or every active run (`all`, at
 * the start of a process whose queue lives in memory and died with the last one). A step still on its
 * way is harmless: the lane's step number lets one of the two do the work. Parked lanes are waiting
 * for a slot, not stalled: they get their step when admitted (admission.ts), and a run with a lane
 * admitted within the stall limit is not stalled either (it may have waited parked for long). Then, as a safety net,
 * lanes of runs no longer active are dropped and free slots admit the lanes waiting.
 */
export async function resumeRuns(
  deps: Pick<TRunDeps, 'db' | 'config'>,
  options: { all: boolean; stallAfterMs?: number },
): Promise<number> {
  const active = inArray(extractionRuns.status, ['queued', 'running']);
  const stallAfterMs = options.stallAfterMs ?? deps.config.stallAfterMs;
  const holdsASlot = sql`exists (select 1 from ${extractionRunLanes} l
    where l.run_id = ${extractionRuns.id} and l.admitted)`;
  // A lane admitted lately has its step on its way: a run that waited parked for long is not stalled.
  const admittedLately = sql`exists (select 1 from ${extractionRunLanes} l
    where l.run_id = ${extractionRuns.id} and l.admitted
      and l.admitted_at > now() - ${stallAfterMs} * interval '1 millisecond')`;
  return deps.db.transaction(async (tx) => {
    const stalled = await tx
      .update(extractionRuns)
      .set({ updatedAt: sql`now()` })
      .where(
        options.all
          ? and(active, holdsASlot)
          : and(
              active,
              holdsASlot,
              lt(extractionRuns.updatedAt, sql`now() - ${stallAfterMs} * interval '1 millisecond'`),
              not(admittedLately),
            ),
      )
      .returning({
        id: extractionRuns.id,
        userId: extractionRuns.userId,
        ownerKey: extractionRuns.ownerKey,
        laneSteps: extractionRuns.laneSteps,
      });
    const admitted = stalled.length
      ? await tx
          .select({ runId: extractionRunLanes.runId, lane: extractionRunLanes.lane })
          .from(extractionRunLanes)
          .where(
            and(
              inArray(
                extractionRunLanes.runId,
                stalled.map((run) => run.id),
              ),
              eq(extractionRunLanes.admitted, true),
            ),
          )
      : [];
    for (const run of stalled) {
      const lanes = admitted.filter((lane) => lane.runId === run.id).map((lane) => lane.lane);
      if (lanes.length === 0) continue;
      await enqueueSteps(
        tx,
        actorOfRun(run),
        lanes.map((lane) => ({ runId: run.id, lane, step: run.laneSteps[lane - 1] ?? 0, notBefore: 0 })),
      );
    }
    await dropFinishedRunsLanes(tx);
    await admitLanes(tx, deps.config.stepConcurrency);
    return stalled.length;
  });
}

/** Steps on the work queue not handed to any process yet (0 when the bus cannot tell). */
async function undeliveredSteps(deps: Pick<TRunDeps, 'bus'>): Promise<number> {
  try {
    const lags = await deps.bus.consumerLag();
    return lags.find((lag) => lag.durable === STEP_CONSUMER)?.pending ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Looks for stalled runs every `sweepIntervalMs` (a safety net for a step message that was lost; a
 * step whose process died comes back by itself after the ack wait). One sweep at a time.
 */
export function startRunSweeper(deps: Pick<TRunDeps, 'db' | 'config' | 'bus'>, logger: TLogger): TStoppable {
  return startSweepLoop(async () => {
    try {
      const backlog = await undeliveredSteps(deps);
      const stallAfterMs = deps.config.stallAfterMs * (backlog > 0 ? BACKLOG_STALL_FACTOR : 1);
      const count = await resumeRuns(deps, { all: false, stallAfterMs });
      if (count > 0) logger.warn('stalled extraction runs resumed', { count, stallAfterMs });
    } catch (error) {
      logger.warn('run sweep failed', { error });
    }
  }, deps.config.sweepIntervalMs);
}
