import { APP_PATHS, billingTabHref, planDisplayLabel } from '@prospector/contracts';
import { Alert, AlertDescription, Button, SectionCard, Skeleton } from '@prospector/ui';
import { useCredits, useProfile } from '@prospector/web-data';
import CoinsIcon from 'lucide-react/icons/coins';
import SparklesIcon from 'lucide-react/icons/sparkles';
import TriangleAlertIcon from 'lucide-react/icons/triangle-exclamation-point';
import { Link } from 'react-router-dom';
import { offersUpgrade } from '../../../lib/plans.ts';

/** Balance from the billing ledger and the plan label; skeletons until both are known. */
export function CreditsCard() {
  const credits = useCredits();
  const profile = useProfile();
  const active = profile.data?.subscriptionStatus === 'active';
  const label = profile.data
    ? active
      ? planDisplayLabel(profile.data.subscriptionPlan)
      : 'Free Trial'
    : undefined;
  const showUpgrade = offersUpgrade(profile.data, credits.data?.available);

  return (
    <SectionCard
      className="gap-4"
      aria-busy={credits.isPending}
      title="Available Credits"
      description="One credit is used only when a public e-mail is found."
      headerClassName="items-center"
      action={
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CoinsIcon className="size-5" aria-hidden />
        </span>
      }
      contentClassName="flex flex-wrap items-end justify-between gap-4"
    >
      {credits.isError ? (
        <Alert variant="destructive" className="w-auto">
          <TriangleAlertIcon aria-hidden />
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Your credit balance couldn't be loaded.
            <Button size="sm" variant="outline" onClick={() => void credits.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : credits.data ? (
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight" data-testid="credits-balance">
            {credits.data.available.toLocaleString('en-US')}
          </span>
          <span className="text-muted-foreground">credits</span>
        </p>
      ) : (
        <Skeleton className="h-10 w-32" aria-label="Credits loading" />
      )}
      <div className="flex flex-wrap items-center gap-3">
        {label ? (
          <span className="rounded-full bg-secondary px-3 py-1 text-sm font-medium">{label}</span>
        ) : (
          <Skeleton className="h-6 w-24" aria-label="Plan loading" />
        )}
        {showUpgrade && (
          <Button asChild size="sm">
            <Link to={billingTabHref('plans')}>
              <SparklesIcon aria-hidden />
              Upgrade Plan
            </Link>
          </Button>
        )}
        {active && (
          <Button asChild size="sm" variant="outline">
            <Link to={APP_PATHS.billing}>Manage Subscription</Link>
          </Button>
        )}
      </div>
    </SectionCard>
  );
}
