import type { TSessionVerifier } from '@prospector/auth-client';
import { SANDBOX_CHECKOUT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { createSandboxHandlers } from './sandbox.handlers.ts';

/** The sandbox checkout page and its Pay and Cancel forms (only without STRIPE_SECRET_KEY). */
export function createSandboxRoutes(sandbox: TSandboxPaymentProvider, identity: TSessionVerifier) {
  const handlers = createSandboxHandlers(sandbox);
  const { app, signedIn } = createSignedInApp(identity);
  return app
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.page), handlers.page)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.pay), handlers.pay)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.cancel), handlers.cancel)
    .openapi(signedIn(SANDBOX_CHECKOUT_ENDPOINTS.resendEvents), handlers.resendEvents);
}
