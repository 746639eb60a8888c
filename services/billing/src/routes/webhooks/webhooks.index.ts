import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';

/** Stripe signs the raw body and names the signature in this header. */
const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Stripe's webhooks: no session, the signature is the authentication. */
export function createWebhooksRoutes(handleWebhook: TStripeWebhookHandler) {
  return createEndpointApp().openapi(routeOf(BILLING_ENDPOINTS.stripeWebhook), async (c) => {
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const result = await handleWebhook.handle({
      payload: await c.req.text(),
      signature: c.req.header(STRIPE_SIGNATURE_HEADER),
    });
    return c.json({ received: true as const, duplicate: !result.handled }, 200);
  });
}
