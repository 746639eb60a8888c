import { z } from 'zod';

/** Paid plans a checkout can be started for (docs/product.md §3). */
export const ZCheckoutRequestSchema = z.object({ planId: z.enum(['package_1', 'package_2', 'package_3']) });

/** `POST /api/billing/checkout` → the hosted checkout page the browser navigates to (docs/product.md §7 create-checkout). */
export const ZCheckoutResponseSchema = z.object({ url: z.string() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponseSchema>;

/**
 * `GET /api/billing/subscription` (docs/product.md §7 check-subscription): the session's view of the
 * subscription, with the spec's field names.
 */
export const ZSubscriptionCheckSchema = z.object({
  subscribed: z.boolean(),
  subscription_plan: z.enum(['package_1', 'package_2', 'package_3', 'none']),
  subscription_end: z.iso.datetime().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type TSubscriptionCheck = z.infer<typeof ZSubscriptionCheckSchema>;

/** `POST /api/billing/subscription/cancel` and `/reactivate` (docs/product.md §7). */
export const ZSubscriptionActionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().optional(),
});
export type TSubscriptionActionResponse = z.infer<typeof ZSubscriptionActionResponseSchema>;
