import { NOT_SUBSCRIBED, subscriptionAtom, useCheckSubscription, useSession } from '@prospector/web-data';
import { useSetAtom, useStore } from 'jotai';
import { useEffect, useRef } from 'react';

/** docs/product.md §9 timings. */
export const SIGN_IN_CHECK_DELAY_MS = 100;
export const SUBSCRIPTION_POLL_MS = 30_000;

/**
 * Keeps the shared subscription atom current (docs/product.md §4): checked on load when a session exists,
 * 100 ms after a sign-in, then every 30 s once the last check is older than that; reset to not
 * subscribed on sign-out.
 */
export function useSubscriptionPolling() {
  const session = useSession();
  const userId = session.isPending ? undefined : (session.data?.user.id ?? null);
  const check = useCheckSubscription();
  const store = useStore();
  const setSubscription = useSetAtom(subscriptionAtom);
  // undefined until the first answer: then a session is "on load", a later one is a sign-in.
  const previousUserId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    const previous = previousUserId.current;
    previousUserId.current = userId;
    if (userId === null) {
      setSubscription(NOT_SUBSCRIBED);
      return;
    }
    const signedInNow = previous !== undefined && previous !== userId;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    // The first check runs whatever the last one's age. Then it wakes when the last check turns 30 s
    // old; a check made meanwhile (Refresh Status) pushes it back.
    const poll = async (first: boolean) => {
      const { lastChecked } = store.get(subscriptionAtom);
      const age = lastChecked === null ? Number.POSITIVE_INFINITY : Date.now() - lastChecked;
      const due = first || age >= SUBSCRIPTION_POLL_MS;
      if (due) await check();
      if (!stopped) timer = setTimeout(poll, due ? SUBSCRIPTION_POLL_MS : SUBSCRIPTION_POLL_MS - age, false);
    };
    timer = setTimeout(poll, signedInNow ? SIGN_IN_CHECK_DELAY_MS : 0, true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [userId, check, store, setSubscription]);
}

/** Mounted once at the root so the subscription status follows the session on every route. */
export function SubscriptionSync() {
  useSubscriptionPolling();
  return null;
}
