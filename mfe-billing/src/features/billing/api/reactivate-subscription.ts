import { BILLING_PATHS } from '@prospector/contracts';
import { useSubscriptionAction } from './use-subscription-action.ts';

/** docs/product.md §8 "Subscription management". */
export const REACTIVATION_ERROR = {
  title: 'Reactivation Error',
  description: 'Failed to reactivate subscription. Please try again.',
} as const;

/** `POST /api/billing/subscription/reactivate`: undoes a cancellation before the period ends. */
export const useReactivateSubscription = () =>
  useSubscriptionAction(BILLING_PATHS.reactivate, REACTIVATION_ERROR);
