import type { TDelivery, TEventBus } from '@prospector/bus';
import { PLANS, TRIAL_CREDITS } from '@prospector/contracts';
import type { TCreditLedger } from '../ledger/credit-ledger.ts';

/** One trial grant per user, whichever `accounts.created` envelope (or redelivery) arrives. */
export const trialGrantKey = (userId: string) => `trial_grant:${userId}`;

/** `accounts.created`: the new user's trial credits (docs/product.md §4: 25 credits, 15 days). */
export function handleAccountCreated(ledger: Pick<TCreditLedger, 'grant'>) {
  return async ({ event }: TDelivery) => {
    if (!event.userId) return;
    await ledger.grant({
      userId: event.userId,
      amount: TRIAL_CREDITS,
      reason: 'trial_grant',
      idempotencyKey: trialGrantKey(event.userId),
      reference: PLANS.trial.id,
    });
  };
}

export function consumeAccountCreations(ledger: Pick<TCreditLedger, 'grant'>, bus: TEventBus) {
  return bus.consume(
    {
      durable: 'billing-accounts-created',
      stream: 'ACCOUNTS',
      filterSubjects: ['accounts.created'],
      concurrency: 4,
    },
    handleAccountCreated(ledger),
  );
}
