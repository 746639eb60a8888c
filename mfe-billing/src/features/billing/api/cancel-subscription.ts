import {
  BILLING_PATHS,
  type TSubscriptionActionResponse,
  ZSubscriptionActionResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useSubscriptionAction } from './use-subscription-action.ts';

/** docs/product.md §8 "Subscription management". */
export const CANCELLATION_ERROR = {
  title: 'Cancellation Error',
  description: 'Failed to cancel subscription. Please try again.',
} as const;

/** `POST /api/billing/subscription/cancel`: cancels at the end of the paid period. */
export const cancelSubscription = async (): Promise<TSubscriptionActionResponse> =>
  ZSubscriptionActionResponseSchema.parse(
    await apiRequest(BILLING_PATHS.cancel, { method: 'POST', body: {} }),
  );

export const useCancelSubscription = () => useSubscriptionAction(cancelSubscription, CANCELLATION_ERROR);
