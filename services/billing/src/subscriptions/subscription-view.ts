import type { TSubscriptionChange, TSubscriptionCheck } from '@prospector/contracts';
import type { subscriptions } from '../db/schema.ts';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** Stripe statuses that give access while the paid period lasts. */
export const PAYING_STATUSES = new Set(['active', 'trialing']);

/** Statuses after which a subscription never charges again; in any other it still can. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

export const canStillCharge = (status: string): boolean => !ENDED_STATUSES.has(status);

/** Subscribed = an active or trialing subscription whose period is not over (docs/product.md §7 check-subscription). */
export function isSubscribed(row: TSubscriptionRow | undefined, now: Date): boolean {
  if (!row || !PAYING_STATUSES.has(row.status)) return false;
  return row.currentPeriodEnd === null || row.currentPeriodEnd.getTime() > now.getTime();
}

export const NOT_SUBSCRIBED: TSubscriptionCheck = {
  subscribed: false,
  subscription_plan: 'none',
  subscription_end: null,
  cancel_at_period_end: false,
};

/** What check-subscription answers for a row (or its absence). */
export function toSubscriptionCheck(row: TSubscriptionRow | undefined, now: Date): TSubscriptionCheck {
  if (!row || !isSubscribed(row, now)) return NOT_SUBSCRIBED;
  return {
    subscribed: true,
    subscription_plan: row.plan,
    subscription_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
  };
}

/** The `billing.subscription.updated` data for a row. */
export function toSubscriptionChange(row: TSubscriptionRow | undefined, now: Date): TSubscriptionChange {
  const check = toSubscriptionCheck(row, now);
  return {
    subscribed: check.subscribed,
    plan: check.subscription_plan,
    status: row?.status ?? 'none',
    currentPeriodEnd: check.subscription_end,
    cancelAtPeriodEnd: check.cancel_at_period_end,
    updatedAt: (row?.updatedAt ?? now).toISOString(),
  };
}

/**
 * True when what users see (and what the profile projects) differs between two rows; the raw status
 * alone does not count. The old row is judged as of when it was written, as that is what was last
 * published: a subscription that ends after its period ran out is still news to the profile.
 */
export function visibleStateChanged(
  before: TSubscriptionRow | undefined,
  after: TSubscriptionRow | undefined,
  now: Date,
): boolean {
  const a = toSubscriptionChange(before, before?.updatedAt ?? now);
  const b = toSubscriptionChange(after, now);
  return (
    a.subscribed !== b.subscribed ||
    a.plan !== b.plan ||
    a.currentPeriodEnd !== b.currentPeriodEnd ||
    a.cancelAtPeriodEnd !== b.cancelAtPeriodEnd
  );
}
