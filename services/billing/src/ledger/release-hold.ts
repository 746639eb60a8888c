import type { TReleaseResponse } from '@prospector/contracts';
import { and, asc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { creditAccounts, creditHolds } from '../db/schema.ts';
import { enqueueCreditChange } from './credit-events.ts';
import { holdNotFound, type TLedgerDb } from './ledger-db.ts';
import { toHold } from './to-hold.ts';

export type TReleaseReason = 'release' | 'lease_expired';

/**
 * Gives back what a hold did not capture and ends it. Idempotent: a hold that has already ended
 * releases nothing more. The sweeper passes `lease_expired`, which only ends a hold whose lease ran out.
 */
export function releaseHold(
  db: TLedgerDb,
  holdId: string,
  reason: TReleaseReason = 'release',
): Promise<TReleaseResponse> {
  return db.transaction(async (tx) => {
    // Hold first, then account: the lock order every ledger operation uses.
    const [locked] = await tx
      .select({ ...getTableColumns(creditHolds), leaseOver: sql<boolean>`${creditHolds.expiresAt} <= now()` })
      .from(creditHolds)
      .where(eq(creditHolds.id, holdId))
      .for('update');
    if (!locked) throw holdNotFound(holdId);
    const { leaseOver, ...hold } = locked;
    if (hold.status !== 'active' || (reason === 'lease_expired' && !leaseOver)) {
      const [account] = await tx
        .select({ balance: creditAccounts.balance, held: creditAccounts.held })
        .from(creditAccounts)
        .where(eq(creditAccounts.ownerKey, hold.ownerKey));
      const balance = account?.balance ?? 0;
      return { hold: toHold(hold), released: 0, balance, available: balance - (account?.held ?? 0) };
    }

    const remaining = hold.amount - hold.captured;
    const [ended] = await tx
      .update(creditHolds)
      .set({ status: reason === 'release' ? 'released' : 'expired', updatedAt: sql`now()` })
      .where(eq(creditHolds.id, holdId))
      .returning();
    const [account] = await tx
      .update(creditAccounts)
      .set({ held: sql`${creditAccounts.held} - ${remaining}`, updatedAt: sql`now()` })
      .where(eq(creditAccounts.ownerKey, hold.ownerKey))
      .returning({ balance: creditAccounts.balance, held: creditAccounts.held });
    if (!ended || !account) throw new Error(`Hold ${holdId} or its credit account vanished during release`);
    const after = { balance: account.balance, available: account.balance - account.held };
    // A fully captured hold gives nothing back: no balance or availability changed, so no event.
    if (remaining > 0) {
      await enqueueCreditChange(tx, 'credits.released', hold, {
        amount: remaining,
        ...after,
        reason,
        reference: hold.runId,
      });
    }
    return { hold: toHold(ended), released: remaining, ...after };
  });
}

/**
 * Ends holds whose lease ran out, oldest first; returns how many gave credits back. Several instances may
 * sweep at once: the hold's row lock lets one end each hold, the others find it ended.
 */
export async function releaseExpiredHolds(db: TLedgerDb, limit = 100): Promise<number> {
  const expired = await db
    .select({ id: creditHolds.id })
    .from(creditHolds)
    .where(and(eq(creditHolds.status, 'active'), lte(creditHolds.expiresAt, sql`now()`)))
    .orderBy(asc(creditHolds.expiresAt))
    .limit(limit);
  let ended = 0;
  for (const { id } of expired) {
    const result = await releaseHold(db, id, 'lease_expired');
    if (result.hold.status === 'expired' && result.released > 0) ended += 1;
  }
  return ended;
}
