import type { TEventBus, TSubscription } from '@prospector/bus';
import {
  AppError,
  BILLING_RPC,
  type TBalanceResponse,
  type TCaptureResponse,
  type TExtendHoldResponse,
  type THoldResponse,
  type TRefundResponse,
  type TReleaseResponse,
  ZBalanceRequestSchema,
  ZCaptureRequestSchema,
  ZExtendHoldRequestSchema,
  ZHoldRequestSchema,
  ZRefundRequestSchema,
  ZReleaseRequestSchema,
} from '@prospector/contracts';
import type { z } from 'zod';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/** A malformed request is the caller's bug: it comes back as VALIDATION_FAILED, not INTERNAL. */
function parse<TSchema extends z.ZodType>(schema: TSchema, data: unknown): z.output<TSchema> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', result.error.issues[0]?.message ?? 'Invalid request');
  }
  return result.data;
}

/** The ledger for other services (the extractor) over NATS request/reply, on `rpc.billing.*`. */
export function answerLedgerRequests(ledger: TCreditLedger, bus: TEventBus): Promise<TSubscription[]> {
  return Promise.all([
    bus.reply<unknown, THoldResponse>(BILLING_RPC.hold, async (data) =>
      ledger.hold(parse(ZHoldRequestSchema, data)),
    ),
    bus.reply<unknown, TCaptureResponse>(BILLING_RPC.capture, async (data) =>
      ledger.capture(parse(ZCaptureRequestSchema, data)),
    ),
    bus.reply<unknown, TReleaseResponse>(BILLING_RPC.release, async (data) =>
      ledger.release(parse(ZReleaseRequestSchema, data).holdId),
    ),
    bus.reply<unknown, TExtendHoldResponse>(BILLING_RPC.extend, async (data) =>
      ledger.extend(parse(ZExtendHoldRequestSchema, data)),
    ),
    bus.reply<unknown, TBalanceResponse>(BILLING_RPC.balance, async (data) =>
      ledger.balance(parse(ZBalanceRequestSchema, data).userId),
    ),
    bus.reply<unknown, TRefundResponse>(BILLING_RPC.refund, async (data) =>
      ledger.refund(parse(ZRefundRequestSchema, data)),
    ),
  ]);
}
