import { AppError, createEvent, isPaidPlanId, PLANS, type TPaidPlanId } from '@prospector/contracts';
import { enqueueEvent } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { outbox, replacedSubscriptions, stripeEvents, subscriptions } from '../db/schema.ts';
import { grantCredits } from '../ledger/grant-credits.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import {
  canStillCharge,
  type TSubscriptionRow,
  toSubscriptionChange,
  visibleStateChanged,
} from './subscription-view.ts';

type TTx = Parameters<Parameters<TLedgerDb['transaction']>[0]>[0];

/** Who a Stripe object belongs to and which plan it is for, as the checkout put it in its metadata. */
export interface TBillingMetadata {
  userId: string;
  plan: TPaidPlanId;
}

/** The credits of one paid invoice are granted once, however often its events arrive. */
export const invoiceGrantKey = (invoiceId: string) => `invoice:${invoiceId}`;

const unixDate = (seconds: number | null | undefined): Date | undefined =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : undefined;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function metadataOf(metadata: Stripe.Metadata | null | undefined): Partial<TBillingMetadata> {
  const plan = metadata?.plan;
  return { userId: metadata?.userId || undefined, plan: isPaidPlanId(plan) ? plan : undefined };
}

/** The plan a subscription's price stands for, when its metadata does not say. */
function planOfPrice(unitAmount: number | null | undefined): TPaidPlanId | undefined {
  const plan = Object.values(PLANS).find((candidate) => candidate.priceCents === unitAmount);
  return plan && isPaidPlanId(plan.id) ? plan.id : undefined;
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}

const PAYING = new Set(['active', 'trialing']);

export interface TWebhookResult {
  /** False when this event id had been handled before: nothing changed. */
  handled: boolean;
}

export interface TProcessResult extends TWebhookResult {
  /** Subscriptions this event moved a user off, still to be cancelled at the provider. */
  replaced: string[];
}

/**
 * The one code path every Stripe-shaped event takes, from Stripe's webhooks and from the sandbox
 * checkout alike: idempotent on the event id, and each change of a subscription writes its row, any
 * credit grant and one `billing.subscription.updated` outbox event in the same transaction.
 */
export function createStripeEventProcessor(db: TLedgerDb, now: () => Date = () => new Date()) {
  async function readByUser(tx: TTx, userId: string) {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    return row;
  }

  async function readBySubscriptionId(tx: TTx, subscriptionId: string) {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
      .for('update');
    return row;
  }

  /** Writes the user's row and publishes the change when what users see changed. */
  async function save(
    tx: TTx,
    before: TSubscriptionRow | undefined,
    values: Omit<TSubscriptionRow, 'updatedAt'>,
  ): Promise<void> {
    const at = now();
    const [after] = await tx
      .insert(subscriptions)
      .values({ ...values, updatedAt: at })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: at } })
      .returning();
    if (after && visibleStateChanged(before, after, at)) {
      await enqueueEvent(
        tx,
        outbox,
        createEvent('billing.subscription.updated', values.userId, toSubscriptionChange(after, at)),
      );
    }
  }

  async function isReplaced(tx: TTx, subscriptionId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: replacedSubscriptions.stripeSubscriptionId })
      .from(replacedSubscriptions)
      .where(eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId));
    return row !== undefined;
  }

  /**
   * The user is moving from `before`'s subscription to `next`: the old one is recorded as replaced,
   * and, if it can still charge, named in `replaced` for cancelling at the provider after commit.
   */
  async function replace(tx: TTx, before: TSubscriptionRow | undefined, next: string, replaced: string[]) {
    const old = before?.stripeSubscriptionId;
    if (!before || !old || old === next) return;
    const live = canStillCharge(before.status);
    const [row] = await tx
      .insert(replacedSubscriptions)
      .values({
        stripeSubscriptionId: old,
        userId: before.userId,
        stripeCustomerId: before.stripeCustomerId,
        plan: before.plan,
        replacedBy: next,
        replacedAt: now(),
        cancelledAt: live ? null : now(),
      })
      .onConflictDoNothing()
      .returning({ id: replacedSubscriptions.stripeSubscriptionId });
    if (row && live) replaced.push(row.id);
  }

  /** The owner of a subscription: its metadata, else the row that already links it. */
  async function ownerOf(tx: TTx, subscriptionId: string, metadata: Partial<TBillingMetadata>) {
    const linked = await readBySubscriptionId(tx, subscriptionId);
    const userId = metadata.userId ?? linked?.userId;
    if (!userId) return undefined;
    const before = linked?.userId === userId ? linked : await readByUser(tx, userId);
    return { userId, before };
  }

  async function onCheckoutCompleted(tx: TTx, session: Stripe.Checkout.Session, replaced: string[]) {
    const metadata = metadataOf(session.metadata);
    const userId = session.client_reference_id ?? metadata.userId;
    const subscriptionId = idOf(session.subscription);
    if (!userId || !subscriptionId || (await isReplaced(tx, subscriptionId))) return;
    const before = await readByUser(tx, userId);
    const sameSubscription = before?.stripeSubscriptionId === subscriptionId;
    const plan = metadata.plan ?? before?.plan;
    if (!plan) throw new Error(`Checkout session ${session.id} names no plan`);
    // A completed checkout for another plan (Change Plan) ends the subscription it replaces.
    if (!sameSubscription) await replace(tx, before, subscriptionId, replaced);
    await save(tx, before, {
      userId,
      stripeCustomerId: idOf(session.customer) ?? before?.stripeCustomerId ?? null,
      stripeSubscriptionId: subscriptionId,
      plan: sameSubscription && before ? before.plan : plan,
      // The subscription events carry its status; until one arrives the new subscription is incomplete.
      status: sameSubscription && before ? before.status : 'incomplete',
      currentPeriodEnd: sameSubscription && before ? before.currentPeriodEnd : null,
      cancelAtPeriodEnd: sameSubscription && before ? before.cancelAtPeriodEnd : false,
    });
  }

  async function onSubscriptionChanged(
    tx: TTx,
    subscription: Stripe.Subscription,
    deleted: boolean,
    replaced: string[],
  ) {
    // A subscription the user moved off stays theirs no more, whatever its late events say.
    if (await isReplaced(tx, subscription.id)) return;
    const metadata = metadataOf(subscription.metadata);
    const owner = await ownerOf(tx, subscription.id, metadata);
    if (!owner) return;
    const current = owner.before?.stripeSubscriptionId === subscription.id;
    // Only a paying subscription becomes the user's: the end of one that is not (a replaced one, or
    // one whose row went with an erased account) changes nothing.
    if (!current && (deleted || !PAYING.has(subscription.status))) return;
    const plan =
      metadata.plan ?? planOfPrice(subscription.items.data[0]?.price?.unit_amount) ?? owner.before?.plan;
    if (!plan) throw new Error(`Subscription ${subscription.id} names no plan`);
    if (!current) await replace(tx, owner.before, subscription.id, replaced);
    await save(tx, owner.before, {
      userId: owner.userId,
      stripeCustomerId: idOf(subscription.customer),
      stripeSubscriptionId: subscription.id,
      plan,
      status: deleted ? 'canceled' : subscription.status,
      currentPeriodEnd: periodEndOf(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    });
  }

  async function onInvoicePaid(tx: TTx, invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    // Credits follow the user's current subscription: an invoice of one they moved off grants nothing.
    if (!subscriptionId || (await isReplaced(tx, subscriptionId))) return;
    const metadata = metadataOf(details?.metadata);
    const owner = await ownerOf(tx, subscriptionId, metadata);
    const plan = metadata.plan ?? owner?.before?.plan;
    if (!owner || !plan) throw new Error(`Invoice ${invoice.id} belongs to no known subscription`);
    await grantCredits(tx, {
      userId: owner.userId,
      amount: PLANS[plan].credits,
      reason: 'plan_grant',
      idempotencyKey: invoiceGrantKey(invoice.id as string),
      reference: invoice.id as string,
      plan,
      // Stripe dates an invoice by `created`; the period start stands in for one that lacks it.
      invoiceDate: unixDate(invoice.created ?? invoice.period_start),
    });
  }

  return {
    /** Handles a verified event once; a replay of its id changes nothing. */
    process(event: Stripe.Event): Promise<TProcessResult> {
      return db.transaction(async (tx) => {
        const replaced: string[] = [];
        const [first] = await tx
          .insert(stripeEvents)
          .values({ eventId: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ eventId: stripeEvents.eventId });
        if (!first) return { handled: false, replaced };
        switch (event.type) {
          case 'checkout.session.completed':
            await onCheckoutCompleted(tx, event.data.object, replaced);
            break;
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
            await onSubscriptionChanged(tx, event.data.object, false, replaced);
            break;
          case 'customer.subscription.deleted':
            await onSubscriptionChanged(tx, event.data.object, true, replaced);
            break;
          case 'invoice.paid':
            await onInvoicePaid(tx, event.data.object);
            break;
          default:
            break;
        }
        return { handled: true, replaced };
      });
    },

    /** Applies a subscription as the provider just returned it (after cancel or reactivate). */
    applySubscription(subscription: Stripe.Subscription): Promise<void> {
      // It is the user's current subscription, so it replaces none.
      return db.transaction((tx) => onSubscriptionChanged(tx, subscription, false, []));
    },
  };
}

export type TStripeEventProcessor = ReturnType<typeof createStripeEventProcessor>;

/**
 * Verifies a webhook's signature over its raw body (Stripe's `constructEvent`) and hands the event
 * to the processor. A bad or missing signature is a 400 and changes nothing. Once the event is
 * committed, the subscriptions it replaced are cancelled at the provider; if that fails, the error
 * surfaces here and the subscription sweeper asks again.
 */
export function createStripeWebhookHandler(
  stripe: Pick<Stripe, 'webhooks'>,
  webhookSecret: string,
  processor: TStripeEventProcessor,
  cancelReplaced: (subscriptionIds: string[]) => Promise<unknown>,
) {
  return async (rawBody: string, signature: string | undefined): Promise<TWebhookResult> => {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
    } catch {
      throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
    }
    const { handled, replaced } = await processor.process(event);
    await cancelReplaced(replaced);
    return { handled };
  };
}

export type TStripeWebhookHandler = ReturnType<typeof createStripeWebhookHandler>;
