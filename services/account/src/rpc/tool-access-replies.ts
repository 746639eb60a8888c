import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC } from '@prospector/contracts';
import type { TProfileStore } from '../profiles/profile-store.ts';

/**
 * `rpc.account.tool-access` for the extractor: the profile's trial start, subscription status and plan (the
 * profile is created on this first read, as on the browser's, so its trial starts then). The asker
 * decides with `isPaywalled` and may cache the answer: expiry is computed from the start, not stored.
 */
export function answerToolAccessRequests(
  profiles: Pick<TProfileStore, 'getOrCreate'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(ACCOUNT_RPC.toolAccess, async ({ userId }) => {
    const profile = await profiles.getOrCreate(userId);
    return {
      subscriptionStatus: profile.subscriptionStatus,
      trialStartedAt: profile.trialStartedAt,
      subscriptionPlan: profile.subscriptionPlan,
    };
  });
}
