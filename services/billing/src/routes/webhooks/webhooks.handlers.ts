import type { Context } from 'hono';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';
import { STRIPE_SIGNATURE_HEADER } from './webhooks.routes.ts';

export function createWebhooksHandlers(handleWebhook: TStripeWebhookHandler) {
  return {
    /** The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised. */
    async stripe(c: Context) {
      const result = await handleWebhook.handle({
        payload: await c.req.text(),
        signature: c.req.header(STRIPE_SIGNATURE_HEADER),
      });
      return c.json({ received: true, duplicate: !result.handled });
    },
  };
}
