import {
  ownerKeyOfRequest,
  type TRefundRequest,
  type TRefundResponse,
  ZRefundRequestSchema,
} from '@prospector/contracts';
import { and, eq } from 'drizzle-orm';
import { creditAccounts, creditTransactions } from '../db/schema.ts';
import { grantCredits } from './grant-credits.ts';
import { isUniqueViolation, type TLedgerDb } from './ledger-db.ts';

/** The ledger key of a capture's refund: one per capture, whoever asks for it and however often. */
export const refundKeyOf = (captureTransactionId: string) => `refund:${captureTransactionId}`;

/**
 * Gives back what the capture with item key `chargeReference` charged the user, because the e-mail it
 * paid for cannot receive mail. Exactly once: the refund's idempotency key is derived from the
 * capture's ledger row and the ledger's unique key enforces it (grantCredits also checks it under the
 * account's row lock, so a concurrent second refund finds the first). A capture of another workspace,
 * or none, refunds nothing; any member of the capture's workspace may ask (the refund row names them). The refund row names the address and the reason, and so does the history.
 */
export async function refundCredits(db: TLedgerDb, request: TRefundRequest): Promise<TRefundResponse> {
  const input = ZRefundRequestSchema.parse(request);
  const ownerKey = ownerKeyOfRequest(input);
  // Ledger rows are never changed once written, so this read needs no lock.
  const [capture] = await db
    .select({ id: creditTransactions.id, amount: creditTransactions.amount })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.idempotencyKey, `capture:${input.chargeReference}`),
        eq(creditTransactions.ownerKey, ownerKey),
        eq(creditTransactions.reason, 'capture'),
      ),
    );
  if (!capture || capture.amount >= 0) {
    const [account] = await db
      .select({ balance: creditAccounts.balance, held: creditAccounts.held })
      .from(creditAccounts)
      .where(eq(creditAccounts.ownerKey, ownerKey));
    const balance = account?.balance ?? 0;
    return {
      outcome: 'not_charged',
      transactionId: null,
      amount: 0,
      balance,
      available: balance - (account?.held ?? 0),
    };
  }
  const amount = -capture.amount;
  const grant = () =>
    grantCredits(db, {
      ownerKey,
      userId: input.userId,
      amount,
      reason: 'refund',
      idempotencyKey: refundKeyOf(capture.id),
      reference: input.chargeReference,
      refund: { email: input.email, reason: input.reason },
    });
  let result: Awaited<ReturnType<typeof grantCredits>>;
  try {
    result = await grant();
  } catch (error) {
    // The unique key stopped a second refund that slipped past the check: asking again finds the first.
    if (!isUniqueViolation(error)) throw error;
    result = await grant();
  }
  return {
    outcome: result.granted ? 'refunded' : 'duplicate',
    transactionId: result.transactionId,
    amount,
    balance: result.balance,
    available: result.available,
  };
}
