import {
  AppError,
  TRANSFER_MESSAGES,
  type TTransferRequest,
  type TTransferResponse,
  ZTransferRequestSchema,
} from '@prospector/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { creditAccounts, creditTransactions } from '../db/schema.ts';
import { enqueueCreditChange } from './credit-events.ts';
import { isUniqueViolation, type TLedgerDb } from './ledger-db.ts';

/** The ledger keys of one transfer's two rows: each side once, however often it is asked. */
export const transferKeysOf = (transferId: string) => ({
  out: `transfer_out:${transferId}`,
  in: `transfer_in:${transferId}`,
});

/**
 * Moves credits between two workspaces of one owner (agency client spaces) in one transaction: the
 * source's `transfer` row takes `amount` off its balance, the target's adds it, both under the same
 * `transferId`, so credits are moved and never made. Only available credits move (what running
 * extractions hold stays). Both account rows are locked in key order, so two transfers in opposite
 * directions never deadlock. The caller (the account service) has checked that `userId` owns both.
 */
export async function transferCredits(db: TLedgerDb, request: TTransferRequest): Promise<TTransferResponse> {
  const input = ZTransferRequestSchema.parse(request);
  if (input.fromOwnerKey === input.toOwnerKey)
    throw new AppError('BAD_REQUEST', TRANSFER_MESSAGES.sameWorkspace);
  try {
    return await move(db, input);
  } catch (error) {
    // The same transfer asked twice at once: the unique key let one move; asking again reports it.
    if (!isUniqueViolation(error)) throw error;
    return await move(db, input);
  }
}

function move(db: TLedgerDb, input: TTransferRequest): Promise<TTransferResponse> {
  const keys = transferKeysOf(input.transferId);
  return db.transaction(async (tx) => {
    await tx
      .insert(creditAccounts)
      .values([{ ownerKey: input.fromOwnerKey }, { ownerKey: input.toOwnerKey }])
      .onConflictDoNothing();
    const locked = await tx
      .select()
      .from(creditAccounts)
      .where(inArray(creditAccounts.ownerKey, [input.fromOwnerKey, input.toOwnerKey]))
      .orderBy(asc(creditAccounts.ownerKey))
      .for('update');
    const from = locked.find((row) => row.ownerKey === input.fromOwnerKey);
    const to = locked.find((row) => row.ownerKey === input.toOwnerKey);
    if (!from || !to) throw new Error('A credit account of the transfer vanished');
    const sideOf = (row: typeof from) => ({
      ownerKey: row.ownerKey,
      balance: row.balance,
      available: row.balance - row.held,
    });

    const [done] = await tx
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, keys.out));
    if (done) {
      return {
        transferId: input.transferId,
        moved: false,
        amount: -done.amount,
        from: sideOf(from),
        to: sideOf(to),
      };
    }
    const available = from.balance - from.held;
    if (input.amount > available) {
      return {
        refused: 'insufficient',
        needed: input.amount,
        available,
        message: TRANSFER_MESSAGES.tooLarge(input.amount, available),
      };
    }

    const change = async (ownerKey: string, counterpartKey: string, amount: number, key: string) => {
      const [after] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} + ${amount}`, updatedAt: sql`now()` })
        .where(and(eq(creditAccounts.ownerKey, ownerKey)))
        .returning();
      if (!after) throw new Error('A credit account of the transfer vanished');
      await tx.insert(creditTransactions).values({
        ownerKey,
        userId: input.userId,
        amount,
        reason: 'transfer',
        reference: input.transferId,
        idempotencyKey: key,
        balanceAfter: after.balance,
        transferId: input.transferId,
        counterpartKey,
      });
      await enqueueCreditChange(
        tx,
        'credits.transferred',
        { ownerKey, userId: input.userId },
        {
          amount: Math.abs(amount),
          balance: after.balance,
          available: after.balance - after.held,
          reason: 'transfer',
          reference: input.transferId,
        },
      );
      return sideOf(after);
    };
    const fromAfter = await change(input.fromOwnerKey, input.toOwnerKey, -input.amount, keys.out);
    const toAfter = await change(input.toOwnerKey, input.fromOwnerKey, input.amount, keys.in);
    return { transferId: input.transferId, moved: true, amount: input.amount, from: fromAfter, to: toAfter };
  });
}
