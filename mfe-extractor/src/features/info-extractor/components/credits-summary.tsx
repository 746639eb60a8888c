import { isPaidPlanId, LOW_CREDITS_THRESHOLD, planDisplayLabel, type TProfile } from '@prospector/contracts';
import { Badge, Card, CardContent, Fact, Skeleton } from '@prospector/ui';
import { useCredits, useProfile } from '@prospector/web-data';
import CoinsIcon from 'lucide-react/icons/coins';
import CrownIcon from 'lucide-react/icons/crown';
import type { ReactNode } from 'react';

/** docs/product.md §2: the plan of an active subscriber, otherwise "Free trial". */
export function extractorPlanText(
  profile: Pick<TProfile, 'subscriptionStatus' | 'subscriptionPlan'>,
): string {
  return profile.subscriptionStatus === 'active' && isPaidPlanId(profile.subscriptionPlan)
    ? planDisplayLabel(profile.subscriptionPlan)
    : 'Free trial';
}

/** A fact whose value loads: a skeleton meanwhile, "Unavailable" if it could not be loaded. */
function LoadedFact({
  icon,
  label,
  query,
  children,
}: {
  icon: ReactNode;
  label: string;
  query: { isPending: boolean; isError: boolean };
  children: ReactNode;
}) {
  return (
    <Fact icon={icon} label={label} className="items-center">
      {query.isPending ? (
        <Skeleton className="h-5 w-20" aria-label={`${label} loading`} />
      ) : query.isError ? (
        <span className="text-sm text-muted-foreground">Unavailable</span>
      ) : (
        children
      )}
    </Fact>
  );
}

/**
 * Available credits and plan (docs/product.md §2), live: the balance follows every charge and grant (the shell's
 * event stream updates the shared query), and the badge turns destructive at 10 credits or fewer.
 */
export function CreditsSummary() {
  const credits = useCredits();
  const profile = useProfile();
  const available = credits.data?.available ?? 0;
  const held = credits.data?.held ?? 0;
  return (
    <Card className="py-4">
      <CardContent className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <LoadedFact icon={<CoinsIcon aria-hidden />} label="Available credits" query={credits}>
          <Badge
            variant={available <= LOW_CREDITS_THRESHOLD ? 'destructive' : 'secondary'}
            className="text-sm"
            data-testid="available-credits"
          >
            {available.toLocaleString('en-US')}
          </Badge>
          {/* Held, not spent: what a run does not use comes back when it ends. */}
          {held > 0 && (
            <span className="ml-2 text-sm text-muted-foreground" data-testid="reserved-credits">
              + {held.toLocaleString('en-US')} reserved for running extractions
            </span>
          )}
        </LoadedFact>
        <LoadedFact icon={<CrownIcon aria-hidden />} label="Plan" query={profile}>
          <span className="text-sm font-medium">{profile.data && extractorPlanText(profile.data)}</span>
        </LoadedFact>
        <p className="text-sm text-muted-foreground sm:ml-auto">
          One credit is used only when a public e-mail is found.
        </p>
      </CardContent>
    </Card>
  );
}
