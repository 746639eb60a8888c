import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { SANDBOX_CHECKOUT_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { createSandboxHandlers } from './sandbox.handlers.ts';

/** The sandbox checkout page and its Pay and Cancel forms (only without STRIPE_SECRET_KEY). */
export function createSandboxRoutes(sandbox: TSandboxPaymentProvider, identity: TSessionVerifier) {
  const handlers = createSandboxHandlers(sandbox);
  const signedIn = requireUser(identity);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(SANDBOX_CHECKOUT_ENDPOINTS.page, [signedIn]), handlers.page)
    .openapi(routeOf(SANDBOX_CHECKOUT_ENDPOINTS.pay, [signedIn]), handlers.pay)
    .openapi(routeOf(SANDBOX_CHECKOUT_ENDPOINTS.cancel, [signedIn]), handlers.cancel)
    .openapi(routeOf(SANDBOX_CHECKOUT_ENDPOINTS.resendEvents, [signedIn]), handlers.resendEvents);
}
