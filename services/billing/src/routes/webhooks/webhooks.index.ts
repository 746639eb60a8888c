import { BILLING_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';

/** Stripe's webhooks: no session, the signature is the authentication. */
export function createWebhooksRoutes(handleWebhook: TStripeWebhookHandler) {
  const handlers = createWebhooksHandlers(handleWebhook);
  return new Hono().post(BILLING_PATHS.stripeWebhook, handlers.stripe);
}
