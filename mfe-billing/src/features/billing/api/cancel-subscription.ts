import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useSubscriptionAction } from './subscription-action.ts';

/** `POST /api/billing/subscription/cancel`: cancels at the end of the paid period. */
export const useCancelSubscription = () =>
  useSubscriptionAction(() => callEndpoint(BILLING_ENDPOINTS.cancel), {
    title: 'Cancellation Error',
    description: 'Failed to cancel subscription. Please try again.',
  });
