import { and, eq, inArray, or, sql } from 'drizzle-orm';
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
 * One process's heartbeats: on each beat every step in progress acks its own message, and each run with
 * steps in progress is touched once, however many of its lanes wait here (a run's lanes mostly wait for
 * the rate limiter; one touch per lane would be most of the database's writes).
 */
export function createStepHeartbeats(deps: Pick<TRunDeps, 'db' | 'config' | 'logger'>) {
  const beating = new Set<{ message: TStepMessage; working: () => void }>();
  const touching = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const beat = () => {
    const byRun = new Map<string, TStepMessage[]>();
    for (const step of beating) {
      step.working();
      const messages = byRun.get(step.message.runId);
      if (messages) messages.push(step.message);
      else byRun.set(step.message.runId, [step.message]);
    }
    for (const [runId, messages] of byRun) {
      // One touch of a run at a time: a slow database must not pile them up.
      if (touching.has(runId)) continue;
      touching.add(runId);
      touchRun(deps, runId, messages)
        .catch((error: unknown) => deps.logger.warn('run heartbeat failed', { runId, error }))
        .finally(() => touching.delete(runId));
    }
  };

  return {
    /**
     * Runs `work` (one step) while it beats: the step message's ack wait starts again (`working`, an
     * in-progress ack) and its run's `updated_at` is touched, so neither redelivery nor the stall sweeper
     * hands a slow step (a provider call can take many seconds) to a second process. When the process
     * dies the beats stop, and the step comes back after the ack wait.
     */
    async during<T>(message: TStepMessage, working: () => void, work: () => Promise<T>): Promise<T> {
      const step = { message, working };
      beating.add(step);
      timer ??= setInterval(beat, stepHeartbeatMs(deps.config));
      try {
        return await work();
      } finally {
        beating.delete(step);
        if (beating.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      }
    },
  };
}

/** Marks the run alive while one of these steps is still its lane's current one (stale copies touch nothing). */
async function touchRun(deps: Pick<TRunDeps, 'db'>, runId: string, messages: TStepMessage[]): Promise<void> {
  await deps.db
    .update(extractionRuns)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(extractionRuns.id, runId),
        inArray(extractionRuns.status, ['queued', 'running']),
        or(...messages.map(({ lane, step }) => sql`${extractionRuns.laneSteps}[${lane}] = ${step}`)),
      ),
    );
}
