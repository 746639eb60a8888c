import type { TExtendHoldRequest, TExtendHoldResponse } from '@prospector/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { creditHolds } from '../db/schema.ts';
import { holdNotFound, type TLedgerDb } from './ledger-db.ts';
import { toHold } from './to-hold.ts';

/**
 * Keeps a working run's hold from being swept: an active hold's lease ends `leaseMs` from now, or
 * later if it already did. An ended hold stays ended (its credits are back with the user); no balance
 * changes, so no event.
 */
export async function extendHold(db: TLedgerDb, input: TExtendHoldRequest): Promise<TExtendHoldResponse> {
  const [extended] = await db
    .update(creditHolds)
    .set({
      expiresAt: sql`greatest(${creditHolds.expiresAt}, now() + ${input.leaseMs} * interval '1 millisecond')`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(creditHolds.id, input.holdId), eq(creditHolds.status, 'active')))
    .returning();
  if (extended) return { hold: toHold(extended) };
  const [ended] = await db.select().from(creditHolds).where(eq(creditHolds.id, input.holdId));
  if (!ended) throw holdNotFound(input.holdId);
  return { hold: toHold(ended) };
}
