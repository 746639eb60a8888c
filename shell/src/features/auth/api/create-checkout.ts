import {
  BILLING_PATHS,
  type TCheckoutResponse,
  type TPaidPlanId,
  ZCheckoutResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §8 "Checkout". */
export const CHECKOUT_ERROR = {
  title: 'Error creating checkout session',
  description: 'Failed to create checkout session.',
} as const;

/** `POST /api/billing/checkout` → the hosted checkout page for the plan (spec §7 create-checkout). */
export const createCheckout = async (planId: TPaidPlanId): Promise<TCheckoutResponse> =>
  ZCheckoutResponseSchema.parse(
    await apiRequest<unknown>(BILLING_PATHS.checkout, { method: 'POST', body: { planId } }),
  );
