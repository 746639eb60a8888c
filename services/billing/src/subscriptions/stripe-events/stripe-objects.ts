import { isPaidPlanId, PLANS, type TPaidPlanId } from '@prospector/contracts';
import type Stripe from 'stripe';

/** Who a Stripe object belongs to and which plan it is for, as the checkout put it in its metadata. */
export interface TBillingMetadata {
  userId: string;
  plan: TPaidPlanId;
}

/** Stripe's expandable references: an id, or the object itself. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export function metadataOf(metadata: Stripe.Metadata | null | undefined): Partial<TBillingMetadata> {
  const plan = metadata?.plan;
  return { userId: metadata?.userId || undefined, plan: isPaidPlanId(plan) ? plan : undefined };
}

/** The plan a subscription's price stands for, when its metadata does not say. */
export function planOfPrice(unitAmount: number | null | undefined): TPaidPlanId | undefined {
  const plan = Object.values(PLANS).find((candidate) => candidate.priceCents === unitAmount);
  return plan && isPaidPlanId(plan.id) ? plan.id : undefined;
}

/** The end of a subscription's current period: the latest of its items'. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}
