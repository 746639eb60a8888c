import type Stripe from 'stripe';
import { PAYING_STATUSES } from '../subscription-view.ts';
import type { TEventContext, TEventHandler, TTx } from './event-context.ts';
import { idOf, metadataOf, periodEndOf, planOfPrice } from './stripe-objects.ts';
import { isReplaced, ownerOf, replaceSubscription, saveSubscription } from './subscription-rows.ts';

async function applySubscription(
  tx: TTx,
  ctx: TEventContext,
  subscription: Stripe.Subscription,
  deleted: boolean,
) {
  const metadata = metadataOf(subscription.metadata);
  const owner = await ownerOf(tx, subscription.id, metadata);
  // A subscription the user moved off stays theirs no more, whatever its late events say. Asked
  // under the owner's lock: a concurrent event may have just replaced it.
  if (!owner || (await isReplaced(tx, subscription.id))) return;
  const current = owner.before?.stripeSubscriptionId === subscription.id;
  // Only a paying subscription becomes the user's: the end of one that is not (a replaced one, or
  // one whose row went with an erased account) changes nothing.
  if (!current && (deleted || !PAYING_STATUSES.has(subscription.status))) return;
  const plan =
    metadata.plan ?? planOfPrice(subscription.items.data[0]?.price?.unit_amount) ?? owner.before?.plan;
  if (!plan) throw new Error(`Subscription ${subscription.id} names no plan`);
  if (!current) await replaceSubscription(tx, ctx, owner.before, subscription.id);
  await saveSubscription(tx, ctx, owner.before, {
    userId: owner.userId,
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    plan,
    status: deleted ? 'canceled' : subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  });
}

/**
 * `customer.subscription.created` and `.updated`, and a subscription as the provider returned it
 * after cancel or reactivate: the user's row follows it; a new paying subscription replaces theirs.
 */
export const onSubscriptionUpdated: TEventHandler<Stripe.Subscription> = (tx, ctx, subscription) =>
  applySubscription(tx, ctx, subscription, false);

/** `customer.subscription.deleted`: the user's subscription has ended. */
export const onSubscriptionDeleted: TEventHandler<Stripe.Subscription> = (tx, ctx, subscription) =>
  applySubscription(tx, ctx, subscription, true);
