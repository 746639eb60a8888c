import type { TEventBus, TSubscription } from '@prospector/bus';
import { eraseUserEvents, recordAudit, type TDatabase } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { apiIdempotencyKeys, auditTrail, extractionRuns, outbox } from '../db/schema.ts';

/**
 * `accounts.erased`: the user's runs go with their account, and with them (on delete cascade) every
 * per-account result they held: profiles, e-mails, verdicts. A run still working finds its row gone
 * and stops (its credit hold goes with billing's own erasure). So do the user's `Idempotency-Key`s of
 * `POST /api/v1/runs` (kept a day otherwise). The events already published about the
 * user leave the outbox too (while some are unpublished, the erasure is tried again later). Idempotent.
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
      .where(eq(extractionRuns.userId, userId))
      .returning({ id: extractionRuns.id });
    await tx.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, userId));
    await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'runs', records: runs.length });
    return runs.length;
  });
  await eraseUserEvents(db, outbox, userId);
  return erased;
}
