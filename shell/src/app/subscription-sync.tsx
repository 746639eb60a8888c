import { useSubscriptionPolling } from '../api/use-subscription-polling.ts';

/** Mounted once at the root so the subscription status follows the session on every route. */
export function SubscriptionSync() {
  useSubscriptionPolling();
  return null;
}
