import { AppError, ownerKeyOfRequest, type THoldRequest, type THoldResponse } from '@prospector/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { creditAccounts, creditHolds } from '../db/schema.ts';
import { enqueueCreditChange } from './credit-events.ts';
import type { TLedgerDb } from './ledger-db.ts';
import { refuseOverMemberLimit } from './member-limits.ts';
import { toHold } from './to-hold.ts';

/**
 * Reserves `amount` of the workspace's credits for a member's run, only if the available credits
 * (balance − held) cover them and the member's monthly limit, if an admin set one, leaves room;
 * otherwise the answer is the refusal, `{ refused: 'insufficient', needed, available }` (which the
 * caller words: "You need n credits but only have m") or `{ refused: 'member_limit', …, message }`. One
 * hold per run: asking again for the same run returns the hold it already has. With `answerWithinMs`, a
 * hold not made by then (the account's row was busy) is refused with UNAVAILABLE: its caller has
 * stopped waiting. Lock order: the member's limit row, then the workspace's account row.
 */
export function holdCredits(db: TLedgerDb, input: THoldRequest): Promise<THoldResponse> {
  const answerBy = input.answerWithinMs === undefined ? undefined : Date.now() + input.answerWithinMs;
  const ownerKey = ownerKeyOfRequest(input);
  return db.transaction(async (tx) => {
    const overLimit = await refuseOverMemberLimit(tx, {
      ownerKey,
      userId: input.userId,
      amount: input.amount,
      memberName: input.memberName,
    });
    const [account] = await tx
      .select({ balance: creditAccounts.balance, held: creditAccounts.held })
      .from(creditAccounts)
      .where(eq(creditAccounts.ownerKey, ownerKey))
      .for('update');
    if (answerBy !== undefined && Date.now() > answerBy) {
      throw new AppError('UNAVAILABLE', 'The credit hold was asked for too long ago; ask again.', {
        runId: input.runId,
      });
    }
    const balance = account?.balance ?? 0;
    const available = account ? account.balance - account.held : 0;

    const [existing] = await tx
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.ownerKey, ownerKey), eq(creditHolds.runId, input.runId)));
    if (existing) return { hold: toHold(existing), balance, available };
    if (overLimit) return overLimit;
    if (available < input.amount) return { refused: 'insufficient', needed: input.amount, available };

    const [updated] = await tx
      .update(creditAccounts)
      .set({ held: sql`${creditAccounts.held} + ${input.amount}`, updatedAt: sql`now()` })
      .where(eq(creditAccounts.ownerKey, ownerKey))
      .returning({ balance: creditAccounts.balance, held: creditAccounts.held });
    if (!updated) return { refused: 'insufficient', needed: input.amount, available: 0 };
    const [hold] = await tx
      .insert(creditHolds)
      .values({
        ownerKey,
        userId: input.userId,
        runId: input.runId,
        amount: input.amount,
        expiresAt: sql`now() + ${input.leaseMs} * interval '1 millisecond'`,
      })
      .returning();
    if (!hold) throw new Error('The credit hold was not written');
    const after = { balance: updated.balance, available: updated.balance - updated.held };
    await enqueueCreditChange(
      tx,
      'credits.held',
      { ownerKey, userId: input.userId },
      { amount: input.amount, ...after, reason: 'hold', reference: input.runId },
    );
    return { hold: toHold(hold), ...after };
  });
}
