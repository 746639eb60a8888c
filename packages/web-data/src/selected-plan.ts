import { findPaidPlan, planKey, SELECTED_PLAN_KEY, type TPlan } from '@prospector/contracts';

/** The plan chosen before login, kept across the verification e-mail round trip (docs/product.md §3). */
export function readStoredPlan(): TPlan | undefined {
  try {
    return findPaidPlan(window.localStorage.getItem(SELECTED_PLAN_KEY));
  } catch {
    return undefined;
  }
}

/** Remembers the chosen plan, or forgets it (undefined). */
export function storePlan(plan: TPlan | undefined) {
  try {
    if (plan) window.localStorage.setItem(SELECTED_PLAN_KEY, planKey(plan));
    else window.localStorage.removeItem(SELECTED_PLAN_KEY);
  } catch {
    // Storage can be disabled (private mode, policy); the router state still carries the choice.
  }
}
