import { BILLING_RPC } from '@prospector/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { extractionRuns } from '../db/schema.ts';
import { admitLanes, dropRunLanes } from './admission.ts';
import { finalStatus } from './plan-step.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { enqueueRunFinished } from './run-outbox.ts';
import { toRun } from './run-reads.ts';

/**
 * Gives back what the hold did not capture, then closes the run and, in the same transaction,
 * puts `extractions.run-finished` in the outbox and frees its lanes' slots. Release first: if the process dies in
 * between, the step is redelivered and releases again (billing releases a hold once).
 */
export async function finishRun(deps: TRunDeps, runId: string): Promise<void> {
  const [run] = await deps.db.select().from(extractionRuns).where(eq(extractionRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  await deps.bus.request(BILLING_RPC.release, { holdId: run.holdId });
  const finished = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(extractionRuns)
      .set({
        status: finalStatus(run),
        currentUsername: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(extractionRuns.id, runId), inArray(extractionRuns.status, ['queued', 'running'])))
      .returning();
    // The one close of the run, so the event goes out once (webhooks tell the user's own tools).
    if (row) await enqueueRunFinished(tx, actorOfRun(row), toRun(row));
    // Its lanes end with it: their slots go to the lanes waiting.
    await dropRunLanes(tx, runId);
    await admitLanes(tx, deps.config.stepConcurrency);
    return row;
  });
  if (finished) await deps.live.run(actorOfRun(finished), toRun(finished));
}
