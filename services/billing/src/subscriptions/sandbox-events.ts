import { randomUUID } from 'node:crypto';
import { addMonths, PLANS, TOP_UP_PACKS, type TPaidPlanId, type TTopUpPackId } from '@prospector/contracts';
import type Stripe from 'stripe';

// The Stripe-shaped objects and events the sandbox payment provider sends through the webhook
// handling, with the fields billing reads.

/** A sandbox checkout session: who buys which plan or credit pack, payable until it expires. */
export type TSandboxSession = {
  id: string;
  userId: string;
  email: string | null;
  /** The user's existing customer, so the purchase joins it. */
  customerId: string | null;
  expiresAt: Date;
} & ({ plan: TPaidPlanId; topUpPack: null } | { plan: null; topUpPack: TTopUpPackId });

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);
export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomUUID().replaceAll('-', '')}`;

/** A month's subscription period: the same day next month (UTC), or its last day when shorter, as Stripe counts. */
export const addMonth = (date: Date): Date => addMonths(date, 1);

export interface TSubscriptionShape {
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
export function subscriptionObject(shape: TSubscriptionShape): Stripe.Subscription {
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
          id: sandboxId('si'),
          object: 'subscription_item',
          quantity: 1,
          subscription: shape.id,
          current_period_start: unix(shape.start),
          current_period_end: unix(shape.end),
          price: {
            id: sandboxId('price'),
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

export function eventOf(type: string, object: unknown, eventId: string, created: Date): Stripe.Event {
  return {
    id: eventId,
    object: 'event',
    type,
    api_version: null,
    created: unix(created),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

/**
 * The event Stripe sends for a paid one-off checkout (`mode: 'payment'`) of a credit pack: the session
 * completed and paid, naming the invoice it created. Ids derive from the session's (see purchaseEvents).
 */
function topUpEvents(session: TSandboxSession & { topUpPack: TTopUpPackId }, paidAt: Date): Stripe.Event[] {
  const key = session.id.replace(/^cs_sandbox_/, '');
  const completed = {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    created: unix(paidAt),
    client_reference_id: session.userId,
    customer: session.customerId ?? `cus_sandbox_${key}`,
    customer_email: session.email,
    amount_total: TOP_UP_PACKS[session.topUpPack].priceCents,
    currency: 'usd',
    invoice: `in_sandbox_${key}`,
    subscription: null,
    metadata: { userId: session.userId, kind: 'top_up', pack: session.topUpPack },
  };
  return [eventOf('checkout.session.completed', completed, `evt_sandbox_${key}_checkout`, paidAt)];
}

/**
 * The events Stripe sends for a paid checkout: the subscription created, its first invoice paid and
 * the session completed. Every id derives from the session's, so applying a payment twice (after a
 * restart) repeats the same events, which change nothing the second time.
 */
export function purchaseEvents(session: TSandboxSession, paidAt: Date): Stripe.Event[] {
  if (session.topUpPack) return topUpEvents({ ...session, topUpPack: session.topUpPack }, paidAt);
  const key = session.id.replace(/^cs_sandbox_/, '');
  const customer = session.customerId ?? `cus_sandbox_${key}`;
  const metadata = { userId: session.userId, plan: session.plan };
  const subscription = subscriptionObject({
    id: `sub_sandbox_${key}`,
    customer,
    userId: session.userId,
    plan: session.plan,
    status: 'active',
    start: paidAt,
    end: addMonth(paidAt),
    cancelAtPeriodEnd: false,
  });
  const invoice = {
    id: `in_sandbox_${key}`,
    object: 'invoice',
    customer,
    status: 'paid',
    created: unix(paidAt),
    amount_paid: PLANS[session.plan].priceCents,
    currency: 'usd',
    period_start: unix(paidAt),
    period_end: unix(addMonth(paidAt)),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata },
    },
  };
  const completed = {
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
  };
  return [
    eventOf('customer.subscription.created', subscription, `evt_sandbox_${key}_subscription`, paidAt),
    eventOf('invoice.paid', invoice, `evt_sandbox_${key}_invoice`, paidAt),
    eventOf('checkout.session.completed', completed, `evt_sandbox_${key}_checkout`, paidAt),
  ];
}
