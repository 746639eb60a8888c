import type { Context } from 'hono';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';

/** Stripe signs the raw body and names the signature in this header. */
const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

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
