import { createEvent } from '@prospector/contracts';
import { enqueueEvent } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { outbox, replacedSubscriptions, subscriptions } from '../../db/schema.ts';
import {
  canStillCharge,
  type TSubscriptionRow,
  toSubscriptionChange,
  visibleStateChanged,
} from '../subscription-view.ts';
import type { TEventContext, TTx } from './event-context.ts';
import type { TBillingMetadata } from './stripe-objects.ts';

/** The user's subscription row, locked for the rest of the transaction. */
export async function readByUser(tx: TTx, userId: string) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return row;
}

/** The row that links this provider subscription, locked for the rest of the transaction. */
export async function readBySubscriptionId(tx: TTx, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
    .for('update');
  return row;
}

/** Writes the user's row and publishes the change when what users see changed. */
export async function saveSubscription(
  tx: TTx,
  ctx: TEventContext,
  before: TSubscriptionRow | undefined,
  values: Omit<TSubscriptionRow, 'updatedAt'>,
): Promise<void> {
  const at = ctx.now();
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

export async function isReplaced(tx: TTx, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: replacedSubscriptions.stripeSubscriptionId })
    .from(replacedSubscriptions)
    .where(eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId));
  return row !== undefined;
}

/**
 * The user is moving from `before`'s subscription to `next`: the old one is recorded as replaced,
 * and, if it can still charge, named in `ctx.replaced` for cancelling at the provider after commit.
 */
export async function replaceSubscription(
  tx: TTx,
  ctx: TEventContext,
  before: TSubscriptionRow | undefined,
  next: string,
): Promise<void> {
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
      replacedAt: ctx.now(),
      cancelledAt: live ? null : ctx.now(),
    })
    .onConflictDoNothing()
    .returning({ id: replacedSubscriptions.stripeSubscriptionId });
  if (row && live) ctx.replaced.push(row.id);
}

/** The owner of a subscription: its metadata, else the row that already links it. */
export async function ownerOf(tx: TTx, subscriptionId: string, metadata: Partial<TBillingMetadata>) {
  const linked = await readBySubscriptionId(tx, subscriptionId);
  const userId = metadata.userId ?? linked?.userId;
  if (!userId) return undefined;
  const before = linked?.userId === userId ? linked : await readByUser(tx, userId);
  return { userId, before };
}
