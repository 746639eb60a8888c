import type { TSubscriptionCheck } from './subscription.ts';

const SUBSCRIPTION_PLANS: readonly unknown[] = ['package_1', 'package_2', 'package_3', 'none'];

/**
 * Whether an answer of `GET /api/billing/subscription` has the shape `ZSubscriptionCheckSchema`
 * parses. A plain guard: the shell checks the subscription from its first load, and that load should
 * not carry the schema library.
 */
export function isSubscriptionCheck(value: unknown): value is TSubscriptionCheck {
  if (typeof value !== 'object' || value === null) return false;
  const check = value as Record<string, unknown>;
  const end = check.subscription_end;
  return (
    typeof check.subscribed === 'boolean' &&
    SUBSCRIPTION_PLANS.includes(check.subscription_plan) &&
    (end === null || (typeof end === 'string' && !Number.isNaN(Date.parse(end)))) &&
    typeof check.cancel_at_period_end === 'boolean'
  );
}
