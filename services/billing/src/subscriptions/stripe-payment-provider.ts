import { PAYMENT_CANCEL_PATH, PAYMENT_SUCCESS_PATH, PLANS } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TPaymentProvider } from './payment-provider.ts';

/**
 * Stripe Checkout in subscription mode. Prices come inline from the plan table (`price_data`), so no
 * Stripe price ids need configuring; the user and plan ride along as metadata on the session and on
 * the subscription, where the webhooks read them.
 */
export function createStripePaymentProvider(stripe: Stripe, publicUrl: string): TPaymentProvider {
  return {
    kind: 'stripe',
    async createCheckout({ userId, email, plan, customerId }) {
      const metadata = { userId, plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: PLANS[plan].priceCents,
              recurring: { interval: 'month' },
              product_data: { name: `Prospector ${PLANS[plan].label}`, metadata: { plan } },
            },
          },
        ],
        client_reference_id: userId,
        metadata,
        subscription_data: { metadata },
        ...(customerId ? { customer: customerId } : email ? { customer_email: email } : {}),
        success_url: `${publicUrl}${PAYMENT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}${PAYMENT_CANCEL_PATH}`,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { url: session.url };
    },
    async setCancelAtPeriodEnd(subscription, cancel) {
      if (!subscription.stripeSubscriptionId) throw new Error('The subscription has no Stripe id');
      return stripe.subscriptions.update(subscription.stripeSubscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelNow(subscription) {
      const id = subscription.stripeSubscriptionId;
      if (!id) throw new Error('The subscription has no Stripe id');
      // A retry after a lost response gets Stripe's first answer instead of an error for a cancelled subscription.
      await stripe.subscriptions.cancel(id, undefined, { idempotencyKey: `cancel-now:${id}` });
    },
  };
}
