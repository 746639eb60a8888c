import { BILLING_PATHS } from '@prospector/contracts';

export const WEBHOOK_PATHS = { stripe: BILLING_PATHS.stripeWebhook } as const;

/** Stripe signs the raw body and names the signature in this header. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
