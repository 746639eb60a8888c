import { isPaidPlanId, type TPaidPlanId } from '@prospector/contracts';
import { ConfirmDialog } from '@prospector/ui';
import { useCreateCheckout, useCredits } from '@prospector/web-data';
import { useState } from 'react';
import { planChangeExplanation } from '../lib/plan-change.ts';
import { useSubscriptionView } from './use-subscription-view.ts';

/**
 * Checkout for a chosen plan. A subscriber choosing another plan is told first what happens to the
 * current one, its credits and the price (`planChangeExplanation`), and pays only after confirming.
 */
export function usePlanCheckout() {
  const checkout = useCreateCheckout();
  const view = useSubscriptionView();
  const [pending, setPending] = useState<TPaidPlanId | null>(null);
  const current = view && isPaidPlanId(view.planId) ? view.planId : null;
  // Only a plan change speaks of the remaining credits.
  const credits = useCredits({ enabled: current !== null });

  const choose = (plan: TPaidPlanId) => {
    if (current && current !== plan) setPending(plan);
    else checkout.mutate(plan);
  };
  const explanation =
    pending && current
      ? planChangeExplanation({
          current,
          next: pending,
          availableCredits: credits.data?.available,
          renewsOn: view?.status === 'active' ? (view.endsAt ?? null) : null,
        })
      : null;
  // Mounted only while it asks: nothing of it sits in the pricing page otherwise.
  const confirmation = explanation && (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : setPending(null))}
      title={explanation.title}
      description={
        <span className="flex flex-col gap-2" data-testid="plan-change-explanation">
          {explanation.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      }
      cancelLabel="Keep my plan"
      confirmLabel="Continue to payment"
      onConfirm={() => {
        if (pending) checkout.mutate(pending);
        setPending(null);
      }}
    />
  );
  return { checkout, choose, confirmation };
}
