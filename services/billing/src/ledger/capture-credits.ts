import {
  AppError,
  type TCaptureRequest,
  type TCaptureResponse,
  ZCaptureRequestSchema,
} from '@prospector/contracts';
import { describeOutboxTable } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import { holdNotFound, type TLedgerDb } from './ledger-db.ts';

type TCaptureOutcome =
  | {
      outcome: 'captured' | 'duplicate';
      transactionId: string;
      userId: string;
      balance: number;
      held: number;
      holdRemaining: number;
    }
  | { outcome: 'hold_not_found' }
  | { outcome: 'hold_inactive'; status: string }
  | { outcome: 'hold_exhausted'; holdRemaining: number };

const NOTIFY_CHANNEL = describeOutboxTable(outbox).channel;
const UNIQUE_VIOLATION = '23505';

/**
 * Charges `amount` (normally 1) credits from a hold for one item. The whole check-and-charge is the
 * `billing.capture_credits` function (migration 0002): one round trip that locks the hold, returns the
 * earlier charge when `itemKey` was already captured, refuses to go beyond the hold, and writes the
 * balance, the ledger row and the `credits.captured` outbox event together.
 */
export async function captureCredits(db: TLedgerDb, request: TCaptureRequest): Promise<TCaptureResponse> {
  const input = ZCaptureRequestSchema.parse(request);
  let result: TCaptureOutcome;
  try {
    result = await callCapture(db, input.holdId, input.amount, input.itemKey);
  } catch (error) {
    // The same item key captured concurrently from two different holds: the unique key let one win,
    // and asking again reports that charge.
    if (!isUniqueViolation(error)) throw error;
    result = await callCapture(db, input.holdId, input.amount, input.itemKey);
  }

  switch (result.outcome) {
    case 'captured':
    case 'duplicate':
      return {
        transactionId: result.transactionId,
        charged: result.outcome === 'captured',
        balance: result.balance,
        available: result.balance - result.held,
        holdRemaining: result.holdRemaining,
      };
    case 'hold_not_found':
      throw holdNotFound(input.holdId);
    case 'hold_inactive':
      throw new AppError('CONFLICT', 'This credit hold has ended; start a new one.', {
        holdId: input.holdId,
        status: result.status,
      });
    case 'hold_exhausted':
      throw new AppError('CONFLICT', 'This credit hold has no credits left to capture.', {
        holdId: input.holdId,
        holdRemaining: result.holdRemaining,
      });
  }
}

async function callCapture(db: TLedgerDb, holdId: string, amount: number, itemKey: string) {
  const event = { id: crypto.randomUUID(), occurredAt: new Date().toISOString() };
  const rows = await db.execute<{ result: TCaptureOutcome }>(
    sql`select "billing"."capture_credits"(${holdId}::uuid, ${amount}::integer, ${itemKey}::text, ${event.id}::uuid, ${event.occurredAt}::text, ${NOTIFY_CHANNEL}::text) as result`,
  );
  const row = rows[0];
  if (!row) throw new Error('capture_credits returned no row');
  return row.result;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === UNIQUE_VIOLATION || causeCode === UNIQUE_VIOLATION;
}
