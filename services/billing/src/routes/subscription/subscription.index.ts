import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TSubscriptionService } from '../../subscriptions/subscription-service.ts';
import { createSubscriptionHandlers } from './subscription.handlers.ts';
import { checkoutBody, topUpBody } from './subscription.routes.ts';

/** Checkout, credit packs (top-ups), check-subscription, cancel and reactivate (docs/product.md §7), for the signed-in user. */
export function createSubscriptionRoutes(service: TSubscriptionService, identity: TSessionVerifier) {
  const handlers = createSubscriptionHandlers(service);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .post(BILLING_PATHS.checkout, signedIn, checkoutBody, (c) => handlers.checkout(c, c.req.valid('json')))
    .post(BILLING_PATHS.topUp, signedIn, topUpBody, (c) => handlers.topUp(c, c.req.valid('json')))
    .get(BILLING_PATHS.subscription, signedIn, handlers.check)
    .post(BILLING_PATHS.cancel, signedIn, handlers.cancel)
    .post(BILLING_PATHS.reactivate, signedIn, handlers.reactivate);
}
