import {
  type HOLD_STATUSES,
  type TCaptureRequest,
  type TCaptureResponse,
  ZCaptureRequestSchema,
} from '@prospector/contracts';
import { describeOutboxTable } from '@prospector/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { outbox } from '../db/schema.ts';
import { isUniqueViolation, type TLedgerDb } from './ledger-db.ts';

export type TCaptureInput = z.output<typeof ZCaptureRequestSchema>;

/** What `billing.capture_credits` answers for one item. */
export type TCaptureOutcome =
  | {
      outcome: 'captured' | 'duplicate' | 'already_charged';
      transactionId: string;
      userId: string;
      balance: number;
      held: number;
      holdRemaining: number;
    }
  | { outcome: 'hold_not_found' }
  | { outcome: 'hold_inactive'; status: (typeof HOLD_STATUSES)[number] }
  | { outcome: 'hold_exhausted'; holdRemaining: number };

export const CAPTURE_NOTIFY_CHANNEL = describeOutboxTable(outbox).channel;

/** The outbox event's id and time are made here, like every other event's (`createEvent`). */
export const newCaptureEvent = () => ({ eventId: crypto.randomUUID(), occurredAt: new Date().toISOString() });

/**
 * Charges `amount` (normally 1) credits from a hold for one item. The whole check-and-charge is the
 * `billing.capture_credits` function (migrations 0002, 0011): one round trip that locks the hold, returns
 * the earlier charge when `itemKey` was already captured or its account already paid for (once per user
 * and account, ever), refuses to go beyond the hold, and writes the balance, the ledger row, the charged
 * account and the `credits.captured` outbox event together.
 */
export async function captureCredits(db: TLedgerDb, request: TCaptureRequest): Promise<TCaptureResponse> {
  const input = ZCaptureRequestSchema.parse(request);
  let result: TCaptureOutcome;
  try {
    result = await callCapture(db, input);
  } catch (error) {
    // The same item key captured at once from two different holds: the unique key let one win,
    // and asking again reports that charge.
    if (!isUniqueViolation(error)) throw error;
    result = await callCapture(db, input);
  }
  return toCaptureResponse(input.amount, result);
}

/** The reply for one capture: the charge, or why the hold refused it. */
export function toCaptureResponse(amount: number, result: TCaptureOutcome): TCaptureResponse {
  switch (result.outcome) {
    case 'captured':
    case 'duplicate':
    case 'already_charged':
      return {
        transactionId: result.transactionId,
        charged: result.outcome === 'captured',
        accountChargedBefore: result.outcome === 'already_charged',
        balance: result.balance,
        available: result.balance - result.held,
        holdRemaining: result.holdRemaining,
      };
    case 'hold_not_found':
      return { refused: 'hold_not_found' };
    case 'hold_inactive':
      return { refused: 'hold_ended', status: result.status };
    case 'hold_exhausted':
      return { refused: 'insufficient', needed: amount, available: result.holdRemaining };
  }
}

async function callCapture(db: TLedgerDb, input: TCaptureInput): Promise<TCaptureOutcome> {
  const { eventId, occurredAt } = newCaptureEvent();
  const rows = await db.execute<{ result: TCaptureOutcome }>(
    sql`select "billing"."capture_credits"(${input.holdId}::uuid, ${input.amount}::integer, ${input.itemKey}::text, ${eventId}::uuid, ${occurredAt}::text, ${CAPTURE_NOTIFY_CHANNEL}::text) as result`,
  );
  const row = rows[0];
  if (!row) throw new Error('capture_credits returned no row');
  return row.result;
}
