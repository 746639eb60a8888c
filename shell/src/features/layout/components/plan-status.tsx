import { planDisplayLabel, type TProfile } from '@prospector/contracts';
import { Badge, cn } from '@prospector/ui';

/** docs/product.md §2 top bar and §4: the plan for subscribers, otherwise trial days left or "Trial expired". */
export function planStatusText(profile: TProfile): string {
  if (profile.subscriptionStatus === 'active') return planDisplayLabel(profile.subscriptionPlan);
  if (profile.trialExpired) return 'Trial expired';
  return `${profile.trialDaysLeft} ${profile.trialDaysLeft === 1 ? 'day' : 'days'} left`;
}

export function PlanStatus({ profile, className }: { profile: TProfile; className?: string }) {
  const expired = profile.subscriptionStatus !== 'active' && profile.trialExpired;
  return (
    <Badge
      variant={expired ? 'destructive' : 'outline'}
      className={cn('px-2.5 py-1 text-sm', className)}
      data-testid="plan-status"
    >
      {planStatusText(profile)}
    </Badge>
  );
}
