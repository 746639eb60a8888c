import { createEvent } from '@prospector/contracts';
import { enqueueEvent } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import { outbox, replacedSubscriptions, subscriptions } from '../../db/schema.ts';
import { claimFor } from '../replaced-subscriptions.ts';
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
 * The user is moving from `before`'s subscription to `next` (Change Plan): the old one is recorded as
 * replaced and, if it can still charge, named in `ctx.replaced` for cancelling at the provider right
 * after commit — its period ends now, with no refund or proration, and the new subscription's period
 * is the user's from here on. The credits its invoices granted stay; see invoice-paid.ts. It is
 * recorded claimed by `ctx.claim`, so the sweeper leaves the first cancel to the event's own pass.
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
  const claimed = live && ctx.claim !== undefined ? claimFor(ctx.claim, ctx.now()) : {};
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
      ...claimed,
    })
    .onConflictDoNothing()
    .returning({ id: replacedSubscriptions.stripeSubscriptionId });
  if (row && live) ctx.replaced.push(row.id);
}

/**
 * Serialises the subscription changes of one user until the transaction ends. Every handler that
 * reads and rewrites a user's subscription row takes it first, before any row lock, so concurrent
 * events of one user (four checkouts paid at once) apply one after the other and each sees what the
 * one before it wrote — a row that does not exist yet cannot be locked with `for update`.
 */
export async function lockUser(tx: TTx, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`billing.subscription:${userId}`}, 0))`,
  );
}

/**
 * The owner of a subscription (its metadata, else the row that already links it) with their row,
 * under their lock. Undefined when nobody is known to own it.
 */
export async function ownerOf(tx: TTx, subscriptionId: string, metadata: Partial<TBillingMetadata>) {
  const userId = metadata.userId ?? (await linkedRow(tx, subscriptionId))?.userId;
  if (!userId) return undefined;
  await lockUser(tx, userId);
  return { userId, before: await readByUser(tx, userId) };
}

/** Who a subscription is, or was, the user's subscription of, and for which plan; read without locks. */
export async function linkedRow(tx: TTx, subscriptionId: string) {
  const [current] = await tx
    .select({ userId: subscriptions.userId, plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  if (current) return current;
  const [replaced] = await tx
    .select({ userId: replacedSubscriptions.userId, plan: replacedSubscriptions.plan })
    .from(replacedSubscriptions)
    .where(eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId));
  return replaced;
}
