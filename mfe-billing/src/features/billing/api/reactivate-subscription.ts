import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useSubscriptionAction } from './subscription-action.ts';

/** `POST /api/billing/subscription/reactivate`: undoes a cancellation before the period ends. */
export const useReactivateSubscription = () =>
  useSubscriptionAction(() => callEndpoint(BILLING_ENDPOINTS.reactivate), {
    title: 'Reactivation Error',
    description: 'Failed to reactivate subscription. Please try again.',
  });
