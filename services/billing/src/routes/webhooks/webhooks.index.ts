import { Hono } from 'hono';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';
import { WEBHOOK_PATHS } from './webhooks.routes.ts';

/** Stripe's webhooks: no session, the signature is the authentication. */
export function createWebhooksRoutes(handleWebhook: TStripeWebhookHandler) {
  const handlers = createWebhooksHandlers(handleWebhook);
  return new Hono().post(WEBHOOK_PATHS.stripe, handlers.stripe);
}
