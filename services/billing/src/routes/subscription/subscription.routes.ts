import { zValidator } from '@hono/zod-validator';
import { BILLING_PATHS, ZCheckoutRequestSchema } from '@prospector/contracts';

export const SUBSCRIPTION_PATHS = {
  checkout: BILLING_PATHS.checkout,
  subscription: BILLING_PATHS.subscription,
  cancel: BILLING_PATHS.cancel,
  reactivate: BILLING_PATHS.reactivate,
} as const;

/** A body that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
export const checkoutBody = zValidator('json', ZCheckoutRequestSchema, (result) => {
  if (!result.success) throw result.error;
});
