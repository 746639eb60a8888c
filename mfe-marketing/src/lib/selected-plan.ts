import type { TPlanKey } from '@prospector/contracts';

/** docs/product.md §3 "Local browser storage": the plan chosen before signing in. */
const SELECTED_PLAN_KEY = 'selectedPlan';

export function rememberSelectedPlan(plan: TPlanKey): void {
  try {
    localStorage.setItem(SELECTED_PLAN_KEY, plan);
  } catch {
    // Storage can be disabled (private mode, policy); the router state still carries the choice.
  }
}
