import { and, eq, inArray, sql } from 'drizzle-orm';
import { extractionRuns } from '../db/schema.ts';
import type { TRunConfig, TRunDeps } from './run-deps.ts';
import type { TStepMessage } from './run-messages.ts';

/**
 * How often a step in progress says so: three times within the shorter of the ack wait and the stall
 * limit, so one late beat (a slow database, a busy event loop) is never taken for a dead process.
 */
export const stepHeartbeatMs = (config: Pick<TRunConfig, 'stepAckWaitMs' | 'stallAfterMs'>): number =>
  Math.max(100, Math.floor(Math.min(config.stepAckWaitMs, config.stallAfterMs) / 3));

/**
 * Runs `work` (one step) while beating: the step message's ack wait starts again (`working`, an
 * in-progress ack) and the run's `updated_at` is touched, so neither redelivery nor the stall sweeper
 * hands a slow step (a provider call can take many seconds) to a second process. When the process
 * dies the beats stop, and the step comes back after the ack wait.
 */
export async function withStepHeartbeat<T>(
  deps: Pick<TRunDeps, 'db' | 'config' | 'logger'>,
  message: TStepMessage,
  working: () => void,
  work: () => Promise<T>,
): Promise<T> {
  let touching: Promise<void> | undefined;
  const beat = () => {
    working();
    // One touch at a time: a slow database must not pile them up.
    touching ??= touchRun(deps, message)
      .catch((error: unknown) => deps.logger.warn('run heartbeat failed', { runId: message.runId, error }))
      .finally(() => {
        touching = undefined;
      });
  };
  const timer = setInterval(beat, stepHeartbeatMs(deps.config));
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await touching;
  }
}

/** Marks the run alive while this step is still its lane's current one (a stale copy touches nothing). */
async function touchRun(deps: Pick<TRunDeps, 'db'>, message: TStepMessage): Promise<void> {
  await deps.db
    .update(extractionRuns)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(extractionRuns.id, message.runId),
        inArray(extractionRuns.status, ['queued', 'running']),
        sql`${extractionRuns.laneSteps}[${message.lane}] = ${message.step}`,
      ),
    );
}
