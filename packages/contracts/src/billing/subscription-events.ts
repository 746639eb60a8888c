import { z } from 'zod';

/**
 * What `billing.subscription.updated` carries: the user's subscription as check-subscription sees it,
 * plus Stripe's raw status. Billing decides; the account service projects it onto the profile.
 */
export const ZSubscriptionChangeSchema = z.object({
  subscribed: z.boolean(),
  /** The paid plan while subscribed; 'none' otherwise. */
  plan: z.enum(['package_1', 'package_2', 'package_3', 'none']),
  /** Stripe's subscription status (active, trialing, past_due, canceled, …); 'none' without one. */
  status: z.string(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When billing recorded this state; a projection ignores anything older than what it holds. */
  updatedAt: z.iso.datetime(),
});
export type TSubscriptionChange = z.infer<typeof ZSubscriptionChangeSchema>;

/** The message of a failed checkout (docs/product.md §8). */
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session.';
/** The toast the frontends show when checkout cannot start (docs/product.md §8 "Checkout"). */
export const CHECKOUT_ERROR = {
  title: 'Error creating checkout session',
  description: CHECKOUT_FAILED_MESSAGE,
} as const;
/** The messages of failed subscription changes (docs/product.md §8, "Subscription management"). */
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription. Please try again.';
export const REACTIVATE_FAILED_MESSAGE = 'Failed to reactivate subscription. Please try again.';
