import {
  BILLING_PATHS,
  CHECKOUT_ERROR,
  type TCheckoutResponse,
  type TPaidPlanId,
  type TTopUpPackId,
  ZCheckoutResponseSchema,
} from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './http.ts';

/** `POST /api/billing/checkout` → the hosted checkout page for the plan (docs/product.md §7 create-checkout). */
export const createCheckout = async (planId: TPaidPlanId): Promise<TCheckoutResponse> =>
  ZCheckoutResponseSchema.parse(
    await apiRequest(BILLING_PATHS.checkout, { method: 'POST', body: { planId } }),
  );

/** Starts checkout and hands the browser to the checkout page; a failure says so and stays put. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(CHECKOUT_ERROR.title, { description: CHECKOUT_ERROR.description }),
  });
}

/** `POST /api/billing/top-up` → the hosted checkout page of a one-off credit pack (subscribers only). */
export const createTopUpCheckout = async (packId: TTopUpPackId): Promise<TCheckoutResponse> =>
  ZCheckoutResponseSchema.parse(await apiRequest(BILLING_PATHS.topUp, { method: 'POST', body: { packId } }));

/** Starts a credit pack's checkout, as `useCreateCheckout` does a plan's. */
export function useCreateTopUpCheckout() {
  return useMutation({
    mutationFn: createTopUpCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(CHECKOUT_ERROR.title, { description: CHECKOUT_ERROR.description }),
  });
}
