import { isPaidPlanId, PLANS, planDisplayLabel, type TProfile } from '@prospector/contracts';
import { Badge, cn, useMediaQuery } from '@prospector/ui';

/** Below Tailwind's `sm` breakpoint: the top bar's one row holds everything only in short words. */
export const SMALL_PHONE_QUERY = '(max-width: 639.98px)';

/** docs/product.md §2 top bar and §4: the plan for subscribers, otherwise trial days left or "Trial expired". */
export function planStatusText(profile: TProfile): string {
  if (profile.subscriptionStatus === 'active') return planDisplayLabel(profile.subscriptionPlan);
  if (profile.trialExpired) return 'Trial expired';
  return `${profile.trialDaysLeft} ${profile.trialDaysLeft === 1 ? 'day' : 'days'} left`;
}

/** The same, short enough for a phone's top bar: "Professional", "12d left", "Expired". */
export function compactPlanStatusText(profile: TProfile): string {
  if (profile.subscriptionStatus === 'active') {
    const plan = profile.subscriptionPlan;
    return isPaidPlanId(plan) ? PLANS[plan].label : planDisplayLabel(plan);
  }
  if (profile.trialExpired) return 'Expired';
  return `${profile.trialDaysLeft}d left`;
}

/**
 * The plan status badge. `compact` (the top bar) uses the short words on a small phone; screen readers
 * still hear the full status.
 */
export function PlanStatus({
  profile,
  compact = false,
  className,
}: {
  profile: TProfile;
  compact?: boolean;
  className?: string;
}) {
  const small = useMediaQuery(SMALL_PHONE_QUERY);
  const expired = profile.subscriptionStatus !== 'active' && profile.trialExpired;
  const full = planStatusText(profile);
  return (
    <Badge
      variant={expired ? 'destructive' : 'outline'}
      className={cn('px-2.5 py-1 text-sm', compact && 'max-sm:px-2', className)}
      data-testid="plan-status"
      title={compact && small ? full : undefined}
    >
      {compact && small ? (
        <>
          <span aria-hidden>{compactPlanStatusText(profile)}</span>
          <span className="sr-only">{full}</span>
        </>
      ) : (
        full
      )}
    </Badge>
  );
}
