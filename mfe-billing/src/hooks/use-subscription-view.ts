import { planDisplayLabel, trialEndsAt } from '@prospector/contracts';
import { subscriptionAtom, subscriptionDisplayStatus, useProfile } from '@prospector/web-data';
import { useAtomValue } from 'jotai';

/**
 * What the billing page shows: the last subscription check when there has been one, otherwise the
 * profile's copy (projected from the same billing events). Undefined until either is known.
 */
export function useSubscriptionView() {
  const subscription = useAtomValue(subscriptionAtom);
  const profile = useProfile().data;
  const trialExpired = profile?.trialExpired ?? false;
  const checked = subscription.lastChecked !== null;
  if (!checked && !profile) return undefined;

  const source =
    checked || !profile
      ? {
          subscribed: subscription.subscribed,
          cancel_at_period_end: subscription.cancel_at_period_end,
          plan: subscription.subscription_plan,
          end: subscription.subscription_end,
        }
      : {
          subscribed: profile.subscriptionStatus === 'active',
          cancel_at_period_end: profile.cancelAtPeriodEnd,
          plan: profile.subscriptionPlan,
          end: profile.subscriptionEndDate,
        };
  const planId = source.subscribed ? source.plan : 'none';
  return {
    planLabel: planDisplayLabel(planId),
    status: subscriptionDisplayStatus(source, trialExpired),
    endsAt: source.end,
    trialExpired,
    // The plan the user pays for, so Change Plan can disable its card.
    planId,
    // When the free trial ends (or ended); null until the profile is known.
    trialEndsAt: profile ? trialEndsAt(profile.trialStartedAt).toISOString() : null,
  };
}

export type TSubscriptionView = NonNullable<ReturnType<typeof useSubscriptionView>>;
