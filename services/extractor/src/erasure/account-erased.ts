import type { TEventBus, TSubscription } from '@prospector/bus';
import { eraseUserEvents, recordAudit, type TDatabase } from '@prospector/db';
import { eq, or } from 'drizzle-orm';
import { apiIdempotencyKeys, auditTrail, extractionRuns, outbox } from '../db/schema.ts';
import { FORMER_MEMBER } from '../runs/run-reads.ts';

/**
 * `accounts.erased`: the runs of the user's personal workspace (whose id is theirs) go with their
 * account, and with them (on delete cascade) every per-account result they held: profiles, e-mails,
 * verdicts. A run still working finds its row gone and stops (its credit hold goes with billing's own
 * erasure). Runs they started in other workspaces stay there (they are the workspace's) but no longer
 * name them: `user_id` becomes `FORMER_MEMBER`. Their `Idempotency-Key`s of `POST /api/v1/runs` go too
 * (kept a day otherwise). The events already published about the user leave the outbox too (while some
 * are unpublished, the erasure is tried again later). Idempotent.
 */
export function consumeAccountErasures(db: TDatabase['db'], bus: TEventBus): Promise<TSubscription> {
  return bus.consume(
    { durable: 'extractor-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      if (event.userId) await eraseUser(db, event.userId);
    },
  );
}

export async function eraseUser(db: TDatabase['db'], userId: string): Promise<number> {
  const erased = await db.transaction(async (tx) => {
    const runs = await tx
      .delete(extractionRuns)
      .where(eq(extractionRuns.ownerKey, userId))
      .returning({ id: extractionRuns.id });
    await tx.update(extractionRuns).set({ userId: FORMER_MEMBER }).where(eq(extractionRuns.userId, userId));
    await tx
      .delete(apiIdempotencyKeys)
      .where(or(eq(apiIdempotencyKeys.ownerKey, userId), eq(apiIdempotencyKeys.userId, userId)));
    await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'runs', records: runs.length });
    return runs.length;
  });
  await eraseUserEvents(db, outbox, userId);
  return erased;
}
