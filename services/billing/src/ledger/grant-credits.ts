import type { TGrantReason, TPlanId } from '@prospector/contracts';
import { eq, sql } from 'drizzle-orm';
import { creditAccounts, creditTransactions } from '../db/schema.ts';
import { enqueueCreditChange } from './credit-events.ts';
import type { TLedgerDb } from './ledger-db.ts';

export interface TGrantInput {
  /** The member the grant is for or made by (the payer, the asker of a refund). */
  userId: string;
  /** The workspace whose balance grows; without it, `userId`'s personal workspace. */
  ownerKey?: string;
  amount: number;
  reason: TGrantReason;
  /** The same key grants once, however often the grant is retried or redelivered. */
  idempotencyKey: string;
  /** What the credits are for: the plan, the invoice, the refunded item. */
  reference: string | null;
  /** Plan grants: the plan and the invoice's date, which the credit history names. */
  plan?: TPlanId;
  invoiceDate?: Date;
  /** Refunds: the undeliverable address and why, which the credit history names. */
  refund?: { email: string; reason: string };
}

export interface TGrantResult {
  transactionId: string;
  /** False when the key had already granted: nothing changed this time. */
  granted: boolean;
  balance: number;
  available: number;
}

/**
 * Adds credits exactly once per idempotency key. The account row lock serialises grants of one
 * workspace, so a concurrent grant with the same key sees the first one's committed ledger row and stops.
 */
export function grantCredits(db: TLedgerDb, input: TGrantInput): Promise<TGrantResult> {
  if (!Number.isInteger(input.amount) || input.amount < 1) {
    throw new RangeError(`A grant must be a positive whole number of credits, not ${input.amount}`);
  }
  const ownerKey = input.ownerKey ?? input.userId;
  return db.transaction(async (tx) => {
    await tx.insert(creditAccounts).values({ ownerKey }).onConflictDoNothing();
    const [account] = await tx
      .select({ balance: creditAccounts.balance, held: creditAccounts.held })
      .from(creditAccounts)
      .where(eq(creditAccounts.ownerKey, ownerKey))
      .for('update');
    const [existing] = await tx
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, input.idempotencyKey));
    if (existing && account) {
      return {
        transactionId: existing.id,
        granted: false,
        balance: account.balance,
        available: account.balance - account.held,
      };
    }

    const [updated] = await tx
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} + ${input.amount}`, updatedAt: sql`now()` })
      .where(eq(creditAccounts.ownerKey, ownerKey))
      .returning({ balance: creditAccounts.balance, held: creditAccounts.held });
    if (!updated) throw new Error(`The credit account of ${ownerKey} vanished during a grant`);
    const [row] = await tx
      .insert(creditTransactions)
      .values({
        ownerKey,
        userId: input.userId,
        amount: input.amount,
        reason: input.reason,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        balanceAfter: updated.balance,
        plan: input.plan ?? null,
        invoiceDate: input.invoiceDate ?? null,
        refundEmail: input.refund?.email ?? null,
        refundReason: input.refund?.reason ?? null,
      })
      .returning({ id: creditTransactions.id });
    if (!row) throw new Error('The ledger row was not written');
    const available = updated.balance - updated.held;
    await enqueueCreditChange(
      tx,
      input.reason === 'refund' ? 'credits.refunded' : 'credits.granted',
      { ownerKey, userId: input.userId },
      {
        amount: input.amount,
        balance: updated.balance,
        available,
        reason: input.reason,
        reference: input.reference,
      },
    );
    return { transactionId: row.id, granted: true, balance: updated.balance, available };
  });
}
