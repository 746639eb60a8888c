import { findPaidPlan, planDisplayLabel, planKey, type TPlan, type TProfile } from '@prospector/contracts';

export { findPaidPlan };

/** "Starter Plan", "Professional Plan", "Enterprise Plan", otherwise "Free Trial" (docs/product.md §4). */
export const planLabel = planDisplayLabel;

export const SELECTED_PLAN_STORAGE_KEY = 'selectedPlan';

/** The plan chosen before login, kept across the verification e-mail round trip. */
export function readStoredPlan(): TPlan | undefined {
  try {
    return findPaidPlan(window.localStorage.getItem(SELECTED_PLAN_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function storePlan(plan: TPlan | undefined) {
  try {
    if (plan) window.localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, planKey(plan));
    else window.localStorage.removeItem(SELECTED_PLAN_STORAGE_KEY);
  } catch {
    // Storage can be disabled; the plan choice is then simply not remembered.
  }
}

/** The support address Contact Sales writes to. */
export const SUPPORT_EMAIL = 'support@prospector.app';

/** "15 days left", "1 day left". */
export const trialDaysLeftText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left`;

/** docs/product.md §9: Upgrade shows under this many credits. */
const UPGRADE_BELOW_CREDITS = 10;

/**
 * docs/product.md §9: the Upgrade button shows when credits are under 10, or on a trial, or when not active.
 * Either fact alone decides, so it may show before the other one is loaded.
 */
export function offersUpgrade(
  profile: Pick<TProfile, 'subscriptionStatus'> | undefined,
  available: number | undefined,
): boolean {
  return (
    (profile !== undefined && profile.subscriptionStatus !== 'active') ||
    (available !== undefined && available < UPGRADE_BELOW_CREDITS)
  );
}
