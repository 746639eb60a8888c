import type { TEventBus, TSubscription } from '@prospector/bus';
import { BILLING_RPC, ownerKeyOfRequest } from '@prospector/contracts';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/**
 * The ledger for other services (the extractor; the database service's figures; the account service's
 * transfers between workspaces it has checked the user owns) over NATS request/reply, on `rpc.billing.*`.
 * Each request acts for its workspace (`ownerKeyOfRequest`: its `ownerKey`, else the user's personal
 * one) and names the member in `userId`. The bus
 * parses each request and answer by the `RPC` table (a malformed request is answered VALIDATION_FAILED
 * without reaching the ledger); a refused hold or capture is an answer (`{ refused: … }`), not an error.
 */
export function answerLedgerRequests(ledger: TCreditLedger, bus: TEventBus): Promise<TSubscription[]> {
  return Promise.all([
    bus.reply(BILLING_RPC.hold, (request) => ledger.hold(request)),
    bus.reply(BILLING_RPC.capture, (request) => ledger.capture(request)),
    bus.reply(BILLING_RPC.release, (request) => ledger.release(request.holdId)),
    bus.reply(BILLING_RPC.extend, (request) => ledger.extend(request)),
    bus.reply(BILLING_RPC.balance, (request) => ledger.balance(ownerKeyOfRequest(request))),
    bus.reply(BILLING_RPC.refund, (request) => ledger.refund(request)),
    bus.reply(BILLING_RPC.creditsUsed, async (request) => ({
      creditsUsed: await ledger.creditsUsed(ownerKeyOfRequest(request)),
    })),
    bus.reply(BILLING_RPC.transfer, (request) => ledger.transfer(request)),
  ]);
}
