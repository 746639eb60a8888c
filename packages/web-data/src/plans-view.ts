import { promoRemainingMs, type TPlansView, type TPromo } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** One cache entry for every pricing screen, whichever frontend shows it. */
export const PLANS_VIEW_QUERY_KEY = ['marketing', 'plans'] as const;

/** `GET /api/marketing/plans`: the paid plans, with the promo while it runs (parser loaded on first use). */
export const fetchPlansView = async (options: { signal?: AbortSignal } = {}): Promise<TPlansView> =>
  (await import('./plans-view-request.ts')).requestPlansView(options);

export const plansViewQueryOptions = () =>
  queryOptions({ queryKey: PLANS_VIEW_QUERY_KEY, queryFn: fetchPlansView, staleTime: 5 * 60_000 });

export const usePlansView = () => useQuery(plansViewQueryOptions());

// setTimeout fires at once for delays past 2^31 - 1 ms (about 24.8 days); longer waits go in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The promo while the countdown to its end is positive, otherwise null (docs/product.md §2). A timer set for
 * the end instant re-renders the caller then, so an open page drops the promo without a reload.
 */
export function useActivePromo(promo: TPromo | null | undefined): TPromo | null {
  const [, setTick] = useState(0);
  const remaining = promoRemainingMs(promo);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(remaining, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [remaining]);
  return promo && remaining > 0 ? promo : null;
}
