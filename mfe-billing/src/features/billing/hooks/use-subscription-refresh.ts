import { useSearchParams } from '@prospector/router';
import { toast } from '@prospector/ui';
import { PROFILE_QUERY_KEY, subscriptionAtom, useCheckSubscription, useProfile } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';

/** docs/product.md §9 timings. */
export const FROM_PAYMENT_REFRESH_MS = 2_000;
export const SYNC_CHECK_MS = 1_000;

/** Re-checks the subscription and reloads the profile together. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const checkSubscription = useCheckSubscription();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(
    async ({ notify = true }: { notify?: boolean } = {}) => {
      setRefreshing(true);
      try {
        const [checked] = await Promise.all([
          checkSubscription({ notify: false }),
          queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        ]);
        // The failure toast is docs/product.md §8 "Subscription management".
        if (!checked && notify)
          toast.error('Refresh Failed', {
            description: 'Failed to refresh subscription status. Please try again.',
          });
        return checked;
      } finally {
        setRefreshing(false);
      }
    },
    [checkSubscription, queryClient],
  );
  return { refresh, refreshing };
}

/**
 * The billing page's two automatic refreshes (docs/product.md §4): back from checkout (`from_payment=success`)
 * it waits 2 s, refreshes, then strips the query; and when the profile and the last check disagree
 * on the status or the cancel flag, it re-checks after 1 s.
 */
export function useBillingPageSync(refresh: (options?: { notify?: boolean }) => Promise<boolean>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromPayment = searchParams.get('from_payment') === 'success';

  useEffect(() => {
    if (!fromPayment) return;
    const timer = setTimeout(async () => {
      await refresh();
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('from_payment');
          return next;
        },
        { replace: true },
      );
    }, FROM_PAYMENT_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [fromPayment, refresh, setSearchParams]);

  const subscription = useAtomValue(subscriptionAtom);
  const profile = useProfile().data;
  const disagree =
    subscription.lastChecked !== null &&
    profile !== undefined &&
    ((profile.subscriptionStatus === 'active') !== subscription.subscribed ||
      profile.cancelAtPeriodEnd !== subscription.cancel_at_period_end);

  useEffect(() => {
    if (!disagree) return;
    const timer = setTimeout(() => void refresh({ notify: false }), SYNC_CHECK_MS);
    return () => clearTimeout(timer);
  }, [disagree, refresh]);
}
