import type { TEventBus } from '@prospector/bus';
import type { TProfileStore } from '../profiles/profile-store.ts';

/** `billing.subscription.updated`: the profile's subscription fields follow billing's decision. */
export function consumeSubscriptionUpdates(
  profiles: Pick<TProfileStore, 'applySubscription'>,
  bus: TEventBus,
) {
  return bus.consume(
    {
      durable: 'account-billing-subscription-updated',
      stream: 'BILLING',
      filterSubjects: ['billing.subscription.updated'],
      concurrency: 4,
    },
    async ({ event }) => {
      if (event.userId) await profiles.applySubscription(event.userId, event.data);
    },
  );
}
