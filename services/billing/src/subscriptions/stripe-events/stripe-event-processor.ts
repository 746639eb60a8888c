import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { stripeEvents } from '../../db/schema.ts';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';
import { onCheckoutSessionCompleted } from './checkout-session-completed.ts';
import { onSubscriptionDeleted, onSubscriptionUpdated } from './customer-subscription.ts';
import type { TEventContext, TEventHandler, TTx } from './event-context.ts';
import { onInvoicePaid } from './invoice-paid.ts';
import { onAsyncPaymentSucceeded } from './top-up-paid.ts';

type TObjectOf<TType extends Stripe.Event.Type> = Extract<Stripe.Event, { type: TType }>['data']['object'];

/** The events billing acts on; any other is recorded as handled and changes nothing. */
const HANDLERS: { [TType in Stripe.Event.Type]?: TEventHandler<TObjectOf<TType>> } = {
  'checkout.session.completed': onCheckoutSessionCompleted,
  'checkout.session.async_payment_succeeded': onAsyncPaymentSucceeded,
  'customer.subscription.created': onSubscriptionUpdated,
  'customer.subscription.updated': onSubscriptionUpdated,
  'customer.subscription.deleted': onSubscriptionDeleted,
  'invoice.paid': onInvoicePaid,
};

/** Records the event id and applies the event in `tx`; false when the id had been handled before. */
async function applyOnce(tx: TTx, ctx: TEventContext, event: Stripe.Event): Promise<boolean> {
  const [first] = await tx
    .insert(stripeEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: stripeEvents.eventId });
  if (!first) return false;
  const handler = HANDLERS[event.type] as TEventHandler<unknown> | undefined;
  await handler?.(tx, ctx, event.data.object);
  return true;
}

export interface TWebhookResult {
  /** False when this event id had been handled before: nothing changed. */
  handled: boolean;
}

export interface TProcessResult extends TWebhookResult {
  /** Subscriptions this event moved a user off, still to be cancelled at the provider. */
  replaced: string[];
  /** The claim this event holds on `replaced`: pass it to the cancel, which only it may ask first. */
  claim: string;
}

/**
 * The one code path every Stripe-shaped event takes, from Stripe's webhooks and from the sandbox
 * checkout alike: idempotent on the event id, and each change of a subscription writes its row, any
 * credit grant and one `billing.subscription.updated` outbox event in the same transaction.
 */
export function createStripeEventProcessor(db: TLedgerDb, now: () => Date = () => new Date()) {
  /** One event's (or one sandbox payment's) context, with a claim of its own. */
  const newContext = (): TEventContext & { claim: string } => ({ now, replaced: [], claim: randomUUID() });
  return {
    /** Handles a verified event once; a replay of its id changes nothing. */
    process(event: Stripe.Event): Promise<TProcessResult> {
      return db.transaction(async (tx) => {
        const ctx = newContext();
        const handled = await applyOnce(tx, ctx, event);
        return { handled, replaced: ctx.replaced, claim: ctx.claim };
      });
    },

    /**
     * Handles several verified events in one transaction, then runs `alongside` in it: all of them
     * and what `alongside` writes commit together, or none does. Ids handled before change nothing.
     */
    processTogether(events: Stripe.Event[], alongside?: (tx: TTx) => Promise<void>): Promise<TProcessResult> {
      return db.transaction(async (tx) => {
        const ctx = newContext();
        let handled = false;
        for (const event of events) handled = (await applyOnce(tx, ctx, event)) || handled;
        await alongside?.(tx);
        return { handled, replaced: ctx.replaced, claim: ctx.claim };
      });
    },

    /** Applies a subscription as the provider just returned it (after cancel or reactivate). */
    applySubscription(subscription: Stripe.Subscription): Promise<void> {
      // It is the user's current subscription, so it replaces none.
      return db.transaction((tx) => onSubscriptionUpdated(tx, { now, replaced: [] }, subscription));
    },
  };
}

export type TStripeEventProcessor = ReturnType<typeof createStripeEventProcessor>;
