import type { TEventBus } from '@prospector/bus';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/**
 * `accounts.erased`: the user's balance, ledger, holds and subscription row go with their account.
 * Idempotent.
 */
export function consumeAccountErasures(
  ledger: Pick<TCreditLedger, 'eraseUser'>,
  bus: TEventBus,
  eraseSubscription: (userId: string) => Promise<void>,
) {
  return bus.consume(
    { durable: 'billing-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      if (!event.userId) return;
      await ledger.eraseUser(event.userId);
      await eraseSubscription(event.userId);
    },
  );
}
