import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TStripeWebhookHandler } from '../../subscriptions/stripe-webhook-handler.ts';

/** Stripe's webhooks: no session, the signature is the authentication. */
export function createWebhooksRoutes(handleWebhook: TStripeWebhookHandler) {
  return createEndpointApp().openapi(routeOf(BILLING_ENDPOINTS.stripeWebhook), async (c) => {
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const result = await handleWebhook.handle({
      payload: await c.req.text(),
      signature: c.req.header('stripe-signature'),
    });
    return c.json({ received: true as const, duplicate: !result.handled }, 200);
  });
}
