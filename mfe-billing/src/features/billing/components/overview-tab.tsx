import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  Fact,
  SectionCard,
  Skeleton,
  Spinner,
} from '@prospector/ui';
import { useCredits } from '@prospector/web-data';
import CalendarIcon from 'lucide-react/icons/calendar';
import CoinsIcon from 'lucide-react/icons/coins';
import CrownIcon from 'lucide-react/icons/crown';
import TriangleAlertIcon from 'lucide-react/icons/triangle-exclamation-point';
import { SubscriptionStatusBadge } from '../../../components/subscription-status-badge.tsx';
import { type TSubscriptionView, useSubscriptionView } from '../../../hooks/use-subscription-view.ts';
import { formatCredits, formatDate, formatDateTime } from '../../../lib/format.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useReactivateSubscription } from '../api/reactivate-subscription.ts';
import { CreditHistory } from './credit-history.tsx';
import { InvoicesList } from './invoices-list.tsx';
import { TopUp } from './top-up.tsx';

/** Current plan, status, dates, credits and billing management (docs/product.md §2 "Billing page"). */
export function OverviewTab({ onChangePlan }: { onChangePlan: () => void }) {
  const view = useSubscriptionView();
  const credits = useCredits();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();

  return (
    <div className="flex flex-col gap-4">
      {view?.status === 'expired' && (
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Trial Period Expired</AlertTitle>
          <AlertDescription>
            Your free trial has ended. Choose a plan to keep extracting e-mails.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard
          title="Current Plan"
          description="Your subscription and when it renews."
          contentClassName="flex flex-col gap-4"
          footerClassName="flex-wrap gap-2 border-t pt-6"
          footer={
            <>
              <Button onClick={onChangePlan}>Change Plan</Button>
              {view?.status === 'active' && (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" disabled={cancel.isPending}>
                      {cancel.isPending && <Spinner label="Cancelling" />}
                      Cancel Subscription
                    </Button>
                  }
                  title="Cancel your subscription?"
                  description={
                    view.endsAt
                      ? `You keep your plan and its credits until ${formatDate(view.endsAt)}. You can reactivate before then.`
                      : 'You keep your plan until the end of the current period. You can reactivate before then.'
                  }
                  cancelLabel="Keep Subscription"
                  confirmLabel="Cancel Subscription"
                  onConfirm={() => cancel.mutate()}
                />
              )}
              {view?.status === 'cancelled' && (
                <Button variant="outline" onClick={() => reactivate.mutate()} disabled={reactivate.isPending}>
                  {reactivate.isPending && <Spinner label="Reactivating" />}
                  Reactivate Subscription
                </Button>
              )}
            </>
          }
        >
          <Fact icon={<CrownIcon aria-hidden />} label="Plan">
            {view ? (
              <div className="flex items-center gap-2">
                <span className="font-medium" data-testid="current-plan">
                  {view.planLabel}
                </span>
                <SubscriptionStatusBadge status={view.status} />
              </div>
            ) : (
              <div className="flex items-center gap-2" role="status">
                <span className="sr-only">Loading your plan</span>
                <Skeleton className="h-5 w-28" />
                <Skeleton className="h-5 w-16 rounded-full" />
              </div>
            )}
          </Fact>
          <Fact icon={<CalendarIcon aria-hidden />} label="Renewal">
            {view ? (
              <span data-testid="subscription-period">{periodText(view)}</span>
            ) : (
              <Skeleton className="h-5 w-32" />
            )}
          </Fact>
        </SectionCard>
        <SectionCard
          title="Credits"
          description="One credit is used for each public e-mail found."
          contentClassName="flex flex-col gap-4"
        >
          <Fact icon={<CoinsIcon aria-hidden />} label="Credits remaining">
            {credits.data ? (
              <span className="text-2xl font-semibold" data-testid="credits-remaining">
                {formatCredits(credits.data.available)}
              </span>
            ) : credits.isError ? (
              <span role="alert" className="text-sm text-destructive">
                Credits could not be loaded.
              </span>
            ) : (
              <Skeleton className="h-8 w-24" />
            )}
          </Fact>
          <Fact icon={<CalendarIcon aria-hidden />} label="Last updated">
            {credits.data ? (
              <span>
                {credits.data.updatedAt ? formatDateTime(credits.data.updatedAt) : 'No credits yet'}
              </span>
            ) : (
              <Skeleton className="h-5 w-40" />
            )}
          </Fact>
          {(view?.status === 'active' || view?.status === 'cancelled') && <TopUp />}
        </SectionCard>
      </div>
      <InvoicesList />
      <CreditHistory />
    </div>
  );
}

function periodText(view: TSubscriptionView): string {
  if (view.status === 'active')
    return view.endsAt ? `Renews on ${formatDate(view.endsAt)}` : 'Renews monthly';
  if (view.status === 'cancelled')
    return view.endsAt ? `Access until ${formatDate(view.endsAt)}` : 'Access until the end of the period';
  if (view.trialExpired)
    return view.trialEndsAt
      ? `Your free trial ended on ${formatDate(view.trialEndsAt)}`
      : 'Your free trial has ended';
  return view.trialEndsAt ? `Free trial until ${formatDate(view.trialEndsAt)}` : 'Free trial';
}
