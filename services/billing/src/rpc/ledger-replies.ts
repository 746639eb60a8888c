import type { TEventBus, TSubscription } from '@prospector/bus';
import { BILLING_RPC } from '@prospector/contracts';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/**
 * The ledger for other services (the extractor; the database service's figures) over NATS request/reply, on `rpc.billing.*`. The bus
 * parses each request and answer by the `RPC` table (a malformed request is answered VALIDATION_FAILED
 * without reaching the ledger); a refused hold or capture is an answer (`{ refused: … }`), not an error.
 */
export function answerLedgerRequests(ledger: TCreditLedger, bus: TEventBus): Promise<TSubscription[]> {
  return Promise.all([
    bus.reply(BILLING_RPC.hold, (request) => ledger.hold(request)),
    bus.reply(BILLING_RPC.capture, (request) => ledger.capture(request)),
    bus.reply(BILLING_RPC.release, (request) => ledger.release(request.holdId)),
    bus.reply(BILLING_RPC.extend, (request) => ledger.extend(request)),
    bus.reply(BILLING_RPC.balance, (request) => ledger.balance(request.userId)),
    bus.reply(BILLING_RPC.refund, (request) => ledger.refund(request)),
    bus.reply(BILLING_RPC.creditsUsed, async (request) => ({
      creditsUsed: await ledger.creditsUsed(request.userId),
    })),
  ]);
}
