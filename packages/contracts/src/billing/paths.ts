import { APP_PATHS } from '../app-paths.ts';

/** The billing service's HTTP paths (one table for both sides of the wire). */
export const BILLING_PATHS = {
  checkout: '/api/billing/checkout',
  /** A one-off credit pack for a subscriber, through the same checkout as the plans. */
  topUp: '/api/billing/top-up',
  subscription: '/api/billing/subscription',
  cancel: '/api/billing/subscription/cancel',
  reactivate: '/api/billing/subscription/reactivate',
  stripeWebhook: '/api/billing/webhooks/stripe',
  /** The sandbox provider's hosted checkout page (no STRIPE_SECRET_KEY): `…/checkout/<sessionId>`. */
  sandboxCheckout: '/api/billing/sandbox/checkout',
  credits: '/api/billing/credits',
  creditHistory: '/api/billing/credits/history',
  invoices: '/api/billing/invoices',
} as const;

/** Where checkout sends the browser back (docs/product.md §2 post-payment route, and the pricing screen). */
export const PAYMENT_SUCCESS_PATH = APP_PATHS.paymentSuccess;
/** The pricing screen, told the checkout was left without paying (it says so). */
export const PAYMENT_CANCEL_PATH = `${APP_PATHS.pricing}?checkout=cancelled`;
/** Where a paid credit pack returns: the Billing page, which refreshes what the payment changed. */
export const TOP_UP_SUCCESS_PATH = `${APP_PATHS.billing}?from_payment=success`;
