import type { TDelivery, TEventBus } from '@prospector/bus';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/**
 * `accounts.erased`: the user's subscription is cancelled at the provider, then it, their balance,
 * ledger and holds go with their account. The subscription goes first, so a provider that refuses
 * leaves everything in place for the redelivered event. Last, the published events that named the user
 * leave the outbox; while one is unpublished the delivery fails and comes back. Idempotent.
 */
export function handleAccountErased(
  ledger: Pick<TCreditLedger, 'eraseUser'>,
  eraseSubscription: (userId: string) => Promise<void>,
  eraseEvents: (userId: string) => Promise<void> = async () => {},
) {
  return async ({ event }: TDelivery) => {
    if (!event.userId) return;
    await eraseSubscription(event.userId);
    await ledger.eraseUser(event.userId);
    await eraseEvents(event.userId);
  };
}

export function consumeAccountErasures(
  ledger: Pick<TCreditLedger, 'eraseUser'>,
  bus: TEventBus,
  eraseSubscription: (userId: string) => Promise<void>,
  eraseEvents?: (userId: string) => Promise<void>,
) {
  return bus.consume(
    { durable: 'billing-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    handleAccountErased(ledger, eraseSubscription, eraseEvents),
  );
}
