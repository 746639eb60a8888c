import type Stripe from 'stripe';
import type { TEventHandler } from './event-context.ts';
import { idOf, metadataOf } from './stripe-objects.ts';
import {
  isReplaced,
  lockUser,
  readByUser,
  replaceSubscription,
  saveSubscription,
} from './subscription-rows.ts';
import { applyTopUp, topUpMetadataOf } from './top-up-paid.ts';

/**
 * `checkout.session.completed`: the checkout's subscription becomes the user's. A completed checkout
 * for another plan (Change Plan) replaces the subscription the user had. A credit pack's checkout
 * (one payment, no subscription) grants its credits once (`top-up-paid.ts`).
 */
export const onCheckoutSessionCompleted: TEventHandler<Stripe.Checkout.Session> = async (
  tx,
  ctx,
  session,
) => {
  if (topUpMetadataOf(session.metadata)) return applyTopUp(tx, session);
  const metadata = metadataOf(session.metadata);
  const userId = session.client_reference_id ?? metadata.userId;
  const subscriptionId = idOf(session.subscription);
  if (!userId || !subscriptionId) return;
  await lockUser(tx, userId);
  if (await isReplaced(tx, subscriptionId)) return;
  const before = await readByUser(tx, userId);
  const sameSubscription = before?.stripeSubscriptionId === subscriptionId;
  const plan = metadata.plan ?? before?.plan;
  if (!plan) throw new Error(`Checkout session ${session.id} names no plan`);
  if (!sameSubscription) await replaceSubscription(tx, ctx, before, subscriptionId);
  await saveSubscription(tx, ctx, before, {
    userId,
    stripeCustomerId: idOf(session.customer) ?? before?.stripeCustomerId ?? null,
    stripeSubscriptionId: subscriptionId,
    plan: sameSubscription && before ? before.plan : plan,
    // The subscription events carry its status; until one arrives the new subscription is incomplete.
    status: sameSubscription && before ? before.status : 'incomplete',
    currentPeriodEnd: sameSubscription && before ? before.currentPeriodEnd : null,
    cancelAtPeriodEnd: sameSubscription && before ? before.cancelAtPeriodEnd : false,
  });
};
