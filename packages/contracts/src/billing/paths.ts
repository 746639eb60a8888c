import { APP_PATHS } from '../app-paths.ts';

/** The subscription check, also read where no endpoint schema is loaded (the session's guard). */
export const SUBSCRIPTION_PATH = '/api/billing/subscription';
/** The sandbox provider's hosted checkout page (no STRIPE_SECRET_KEY): `…/checkout/<sessionId>`. */
export const SANDBOX_CHECKOUT_PATH = '/api/billing/sandbox/checkout';

/** Where checkout sends the browser back (docs/product.md §2 post-payment route, and the pricing screen). */
export const PAYMENT_SUCCESS_PATH = APP_PATHS.paymentSuccess;
/** The pricing screen, told the checkout was left without paying (it says so). */
export const PAYMENT_CANCEL_PATH = `${APP_PATHS.pricing}?checkout=cancelled`;
/** Where a paid credit pack returns: the Billing page, which refreshes what the payment changed. */
export const TOP_UP_SUCCESS_PATH = `${APP_PATHS.billing}?from_payment=success`;
