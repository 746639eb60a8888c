import {
  BILLING_ENDPOINTS,
  CHECKOUT_ERROR,
  type TCheckoutResponse,
  type TPaidPlanId,
  type TTopUpPackId,
} from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from './http.ts';

/** `POST /api/billing/checkout` → the hosted checkout page for the plan (docs/product.md §7 create-checkout). */
export const createCheckout = (planId: TPaidPlanId): Promise<TCheckoutResponse> =>
  callEndpoint(BILLING_ENDPOINTS.checkout, { body: { planId } });

/** Starts a checkout and hands the browser to its page; a failure says so and stays put. */
function useCheckoutRedirect<TChoice>(createSession: (choice: TChoice) => Promise<TCheckoutResponse>) {
  return useMutation({
    mutationFn: createSession,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(CHECKOUT_ERROR.title, { description: CHECKOUT_ERROR.description }),
  });
}

/** A plan's checkout. */
export const useCreateCheckout = () => useCheckoutRedirect(createCheckout);

/** `POST /api/billing/top-up` → the hosted checkout page of a one-off credit pack (subscribers only). */
export const createTopUpCheckout = (packId: TTopUpPackId): Promise<TCheckoutResponse> =>
  callEndpoint(BILLING_ENDPOINTS.topUp, { body: { packId } });

/** A credit pack's checkout, as `useCreateCheckout` does a plan's. */
export const useCreateTopUpCheckout = () => useCheckoutRedirect(createTopUpCheckout);
