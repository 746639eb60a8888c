/** Plan names as users see them (spec §3 "Plans"), keyed by the lowercase name used in router state. */
const PLAN_LABELS: Record<string, string> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** The plan chosen on the landing or pricing page, if router state carries a known one. */
export function selectedPlanLabel(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('selectedPlan' in state)) return undefined;
  const plan = state.selectedPlan;
  return typeof plan === 'string' ? PLAN_LABELS[plan.toLowerCase()] : undefined;
}
