import {
  BILLING_PATHS,
  type TSubscriptionActionResponse,
  ZSubscriptionActionResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useSubscriptionAction } from './use-subscription-action.ts';

/** docs/product.md §8 "Subscription management". */
export const REACTIVATION_ERROR = {
  title: 'Reactivation Error',
  description: 'Failed to reactivate subscription. Please try again.',
} as const;

/** `POST /api/billing/subscription/reactivate`: undoes a cancellation before the period ends. */
export const reactivateSubscription = async (): Promise<TSubscriptionActionResponse> =>
  ZSubscriptionActionResponseSchema.parse(
    await apiRequest(BILLING_PATHS.reactivate, { method: 'POST', body: {} }),
  );

export const useReactivateSubscription = () =>
  useSubscriptionAction(reactivateSubscription, REACTIVATION_ERROR);
