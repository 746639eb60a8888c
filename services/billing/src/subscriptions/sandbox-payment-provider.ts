import { randomBytes, randomUUID } from 'node:crypto';
import { BILLING_PATHS, PLANS, type TPaidPlanId } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TCheckoutInput, TPaymentProvider } from './payment-provider.ts';
import type { TStripeWebhookHandler } from './stripe-webhook-handler.ts';
import type { TSubscriptionRow } from './subscription-view.ts';

export interface TSandboxSession extends TCheckoutInput {
  id: string;
  expiresAt: number;
}

/** A sandbox checkout page stays payable this long, like Stripe's (24 h). */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const id = (prefix: string) => `${prefix}_sandbox_${randomUUID().replaceAll('-', '')}`;

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A secret the sandbox signs its events with; it lives as long as the process. */
export const createSandboxWebhookSecret = () => `whsec_sandbox_${randomBytes(24).toString('hex')}`;

interface TSubscriptionShape {
  id: string;
  customer: string;
  userId: string;
  plan: TPaidPlanId;
  status: string;
  start: Date;
  end: Date;
  cancelAtPeriodEnd: boolean;
}

/** A Stripe-shaped subscription object, with the fields the webhook handling reads. */
function subscriptionObject(shape: TSubscriptionShape): Stripe.Subscription {
  const metadata = { userId: shape.userId, plan: shape.plan };
  return {
    id: shape.id,
    object: 'subscription',
    customer: shape.customer,
    status: shape.status,
    cancel_at_period_end: shape.cancelAtPeriodEnd,
    metadata,
    created: unix(shape.start),
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${shape.id}`,
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          quantity: 1,
          subscription: shape.id,
          current_period_start: unix(shape.start),
          current_period_end: unix(shape.end),
          price: {
            id: id('price'),
            object: 'price',
            currency: 'usd',
            unit_amount: PLANS[shape.plan].priceCents,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  } as unknown as Stripe.Subscription;
}

function eventOf(type: string, object: unknown): Stripe.Event {
  return {
    id: id('evt'),
    object: 'event',
    type,
    api_version: null,
    created: unix(new Date()),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

export interface TSandboxPaymentProvider extends TPaymentProvider {
  kind: 'sandbox';
  /** The open checkout session of this user, if it exists and has not expired. */
  findSession(sessionId: string, userId: string): TSandboxSession | undefined;
  /** Completes the purchase: the events a real one produces, through the webhook handling. */
  pay(session: TSandboxSession): Promise<void>;
  /** Abandons the session, as leaving Stripe's page does. */
  abandon(session: TSandboxSession): void;
}

/**
 * Payments without Stripe (no STRIPE_SECRET_KEY): a local checkout page whose Pay button signs the
 * Stripe events of a purchase with the sandbox webhook secret and hands them to the same handler the
 * Stripe webhook route uses, so the sandbox exercises signature checks, idempotency and grants too.
 */
export function createSandboxPaymentProvider(options: {
  stripe: Pick<Stripe, 'webhooks'>;
  webhookSecret: string;
  handleWebhook: TStripeWebhookHandler;
  now?: () => Date;
}): TSandboxPaymentProvider {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, TSandboxSession>();

  async function deliver(type: string, object: unknown): Promise<void> {
    const payload = JSON.stringify(eventOf(type, object));
    const signature = options.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    await options.handleWebhook(payload, signature);
  }

  function dropExpired() {
    const at = now().getTime();
    for (const [key, session] of sessions) if (session.expiresAt <= at) sessions.delete(key);
  }

  return {
    kind: 'sandbox',
    async createCheckout(input) {
      dropExpired();
      const session: TSandboxSession = {
        ...input,
        id: id('cs'),
        expiresAt: now().getTime() + SESSION_LIFETIME_MS,
      };
      sessions.set(session.id, session);
      return { url: `${BILLING_PATHS.sandboxCheckout}/${session.id}` };
    },

    findSession(sessionId, userId) {
      dropExpired();
      const session = sessions.get(sessionId);
      return session?.userId === userId ? session : undefined;
    },

    async pay(session) {
      sessions.delete(session.id);
      const start = now();
      const customer = session.customerId ?? id('cus');
      const subscription = subscriptionObject({
        id: id('sub'),
        customer,
        userId: session.userId,
        plan: session.plan,
        status: 'active',
        start,
        end: addMonth(start),
        cancelAtPeriodEnd: false,
      });
      const metadata = { userId: session.userId, plan: session.plan };
      await deliver('customer.subscription.created', subscription);
      const invoiceId = id('in');
      await deliver('invoice.paid', {
        id: invoiceId,
        object: 'invoice',
        customer,
        status: 'paid',
        created: unix(start),
        amount_paid: PLANS[session.plan].priceCents,
        currency: 'usd',
        period_start: unix(start),
        period_end: unix(addMonth(start)),
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata },
        },
      });
      await deliver('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: session.userId,
        customer,
        customer_email: session.email,
        subscription: subscription.id,
        metadata,
      });
    },

    abandon(session) {
      sessions.delete(session.id);
    },

    async cancelNow(row) {
      if (!row.stripeSubscriptionId || !row.stripeCustomerId) throw new Error('The subscription has no id');
      const end = row.currentPeriodEnd ?? now();
      const subscription = subscriptionObject({
        id: row.stripeSubscriptionId,
        customer: row.stripeCustomerId,
        userId: row.userId,
        plan: row.plan,
        status: 'canceled',
        start: new Date(Math.min(now().getTime(), end.getTime())),
        end,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      });
      await deliver('customer.subscription.deleted', subscription);
    },

    async setCancelAtPeriodEnd(row: TSubscriptionRow, cancel: boolean) {
      if (!row.stripeSubscriptionId || !row.stripeCustomerId) throw new Error('The subscription has no id');
      const start = now();
      const end = row.currentPeriodEnd ?? addMonth(start);
      const subscription = subscriptionObject({
        id: row.stripeSubscriptionId,
        customer: row.stripeCustomerId,
        userId: row.userId,
        plan: row.plan,
        status: row.status,
        start: new Date(Math.min(start.getTime(), end.getTime())),
        end,
        cancelAtPeriodEnd: cancel,
      });
      await deliver('customer.subscription.updated', subscription);
      return subscription;
    },
  };
}
