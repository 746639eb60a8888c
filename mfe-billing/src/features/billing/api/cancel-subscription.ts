import { BILLING_PATHS } from '@prospector/contracts';
import { useSubscriptionAction } from './use-subscription-action.ts';

/** docs/product.md §8 "Subscription management". */
export const CANCELLATION_ERROR = {
  title: 'Cancellation Error',
  description: 'Failed to cancel subscription. Please try again.',
} as const;

/** `POST /api/billing/subscription/cancel`: cancels at the end of the paid period. */
export const useCancelSubscription = () => useSubscriptionAction(BILLING_PATHS.cancel, CANCELLATION_ERROR);
