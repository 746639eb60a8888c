import type { TRun } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { readOwnRun, toRun } from './run-reads.ts';

/**
 * Asks the workspace's run (any member's) to stop: its lanes finish the account they hold, mark the rest
 * cancelled and release the unused hold. Cancelling a finished run changes nothing and returns it.
 */
export async function cancelRun(deps: TRunDeps, ownerKey: string, runId: string): Promise<TRun> {
  const [requested] = await deps.db
    .update(extractionRuns)
    .set({ cancelRequested: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(extractionRuns.id, runId),
        eq(extractionRuns.ownerKey, ownerKey),
        inArray(extractionRuns.status, ['queued', 'running']),
      ),
    )
    .returning();
  if (!requested) return toRun(await readOwnRun(deps.db, ownerKey, runId));
  const run = toRun(requested);
  await deps.live.run(actorOfRun(requested), run);
  return run;
}

/** Items no lane has taken end as cancelled (taken ones are finished by their lane). */
export async function cancelUntakenItems(db: TDatabase['db'], runId: string): Promise<void> {
  await db
    .update(extractionRunItems)
    .set({ status: 'done', outcome: 'cancelled', finishedAt: sql`now()` })
    .where(
      and(
        eq(extractionRunItems.runId, runId),
        eq(extractionRunItems.status, 'pending'),
        isNull(extractionRunItems.claimLane),
      ),
    );
}
