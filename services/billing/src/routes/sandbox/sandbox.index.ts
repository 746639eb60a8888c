import { requireRole, type TSessionVerifier } from '@prospector/auth-client';
import { SANDBOX_CHECKOUT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { createSandboxHandlers } from './sandbox.handlers.ts';

/**
 * The sandbox checkout page and its Pay and Cancel forms (only without STRIPE_SECRET_KEY): a checkout
 * of the active workspace, for its owners, as the checkout that opened it.
 */
export function createSandboxRoutes(sandbox: TSandboxPaymentProvider, identity: TSessionVerifier) {
  const handlers = createSandboxHandlers(sandbox);
  const { app, signedIn } = createSignedInApp(identity);
  const owner = [requireRole('owner')];
  return app
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.page, owner), handlers.page)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.pay, owner), handlers.pay)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.cancel, owner), handlers.cancel)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.resendEvents, owner), handlers.resendEvents);
}
