import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { Hono } from 'hono';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { createSandboxHandlers } from './sandbox.handlers.ts';
import { SANDBOX_PATHS } from './sandbox.routes.ts';

/** The sandbox checkout page and its Pay and Cancel forms (only without STRIPE_SECRET_KEY). */
export function createSandboxRoutes(sandbox: TSandboxPaymentProvider, identity: TSessionVerifier) {
  const handlers = createSandboxHandlers(sandbox);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(SANDBOX_PATHS.page, signedIn, handlers.page)
    .post(SANDBOX_PATHS.pay, signedIn, handlers.pay)
    .post(SANDBOX_PATHS.cancel, signedIn, handlers.cancel)
    .post(SANDBOX_PATHS.resendEvents, signedIn, handlers.resendEvents);
}
