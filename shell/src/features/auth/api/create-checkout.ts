import {
  BILLING_PATHS,
  type TCheckoutResponse,
  type TPaidPlanId,
  ZCheckoutResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';

/** Spec §8 "Checkout": the toast of a checkout that cannot start, shared with the billing remote. */
export { CHECKOUT_ERROR } from '@prospector/contracts';

/** `POST /api/billing/checkout` → the hosted checkout page for the plan (spec §7 create-checkout). */
export const createCheckout = async (planId: TPaidPlanId): Promise<TCheckoutResponse> =>
  ZCheckoutResponseSchema.parse(
    await apiRequest<unknown>(BILLING_PATHS.checkout, { method: 'POST', body: { planId } }),
  );
