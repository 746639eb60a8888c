import { planDisplayLabel, type TProfile } from '@prospector/contracts';
import {
  subscriptionAtom,
  subscriptionDisplayStatus,
  type TSubscriptionDisplayStatus,
  useProfile,
} from '@prospector/web-data';
import { useAtomValue } from 'jotai';

export type TSubscriptionView = {
  planLabel: string;
  status: TSubscriptionDisplayStatus;
  subscribed: boolean;
  cancelAtPeriodEnd: boolean;
  endsAt: string | null;
  trialExpired: boolean;
  /** The plan the user pays for, so Change Plan can disable its card. */
  planId: TProfile['subscriptionPlan'];
};

/**
 * What the billing page shows: the last subscription check when there has been one, otherwise the
 * profile's copy (projected from the same billing events). Undefined until either is known.
 */
export function useSubscriptionView(): { view: TSubscriptionView | undefined; isPending: boolean } {
  const subscription = useAtomValue(subscriptionAtom);
  const profile = useProfile();
  const trialExpired = profile.data?.trialExpired ?? false;
  const checked = subscription.lastChecked !== null;
  if (!checked && !profile.data) return { view: undefined, isPending: profile.isPending };

  const source =
    checked || !profile.data
      ? {
          subscribed: subscription.subscribed,
          cancel_at_period_end: subscription.cancel_at_period_end,
          plan: subscription.subscription_plan,
          end: subscription.subscription_end,
        }
      : {
          subscribed: profile.data.subscriptionStatus === 'active',
          cancel_at_period_end: profile.data.cancelAtPeriodEnd,
          plan: profile.data.subscriptionPlan,
          end: profile.data.subscriptionEndDate,
        };
  return {
    isPending: false,
    view: {
      planLabel: planDisplayLabel(source.subscribed ? source.plan : 'none'),
      status: subscriptionDisplayStatus(source, trialExpired),
      subscribed: source.subscribed,
      cancelAtPeriodEnd: source.cancel_at_period_end,
      endsAt: source.end,
      trialExpired,
      planId: source.subscribed ? source.plan : 'none',
    },
  };
}
