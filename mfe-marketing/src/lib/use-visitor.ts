import { getSubscription, subscriptionAtom, useSession } from '@prospector/web-data';
import { useStore } from 'jotai';
import { useCallback } from 'react';

/**
 * Who is looking at a public page. The session query is the shell's (a federation singleton), so
 * this costs no request when the shell has already asked.
 */
export function useVisitor() {
  const session = useSession();
  const store = useStore();
  const signedIn = Boolean(session.data);

  /**
   * Whether the signed-in visitor has an active subscription: the shell's last check when it has
   * made one, otherwise asked now. A failed check reads as not subscribed (the pricing screen then
   * shows the plans, where the current one is marked).
   */
  const isSubscribed = useCallback(async () => {
    const known = store.get(subscriptionAtom);
    if (known.lastChecked !== null) return known.subscribed;
    return getSubscription()
      .then((answer) => answer.subscribed)
      .catch(() => false);
  }, [store]);

  return { signedIn, isSubscribed };
}
