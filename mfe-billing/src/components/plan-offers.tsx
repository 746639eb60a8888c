import { promoLabel, type TPlanOffer } from '@prospector/contracts';
import { Badge, LoadFailed, PlanCard, PlanPrice, Skeleton } from '@prospector/ui';
import { useActivePromo, usePlansView } from '@prospector/web-data';
import type { ReactNode } from 'react';

type PlanOffersProps = {
  /** The button under a plan's card. */
  action: (plan: TPlanOffer) => ReactNode;
  /** Outlines a plan's card, e.g. the current plan or the one chosen earlier. */
  isSelected?: (plan: TPlanOffer) => boolean;
};

/**
 * The paid plans as the marketing service serves them. While the promo's countdown is positive they
 * show its badge and struck-through original prices; both go the moment it ends (docs/product.md §2).
 */
export function PlanOffers({ action, isSelected }: PlanOffersProps) {
  const view = usePlansView();
  const promo = useActivePromo(view.data?.promo);

  if (!view.data && view.isError) {
    return <LoadFailed onRetry={() => void view.refetch()}>The plans could not be loaded.</LoadFailed>;
  }
  return (
    <div className="flex w-full flex-col items-center gap-6">
      {promo && (
        <Badge variant="destructive" className="px-3 py-1 text-sm">
          {promoLabel(promo)}
        </Badge>
      )}
      <div className="grid w-full gap-6 pt-2 md:grid-cols-3" aria-busy={!view.data}>
        {view.data
          ? view.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                name={plan.name}
                description={`${plan.credits.toLocaleString('en-US')} credits per month`}
                price={
                  <PlanPrice
                    className="mt-2"
                    price={plan.price}
                    originalPrice={promo ? plan.originalPrice : undefined}
                  />
                }
                features={plan.features}
                mostPopular={plan.mostPopular}
                selected={isSelected?.(plan) ?? false}
                action={action(plan)}
              />
            ))
          : [0, 1, 2].map((slot) => <Skeleton key={slot} className="h-96" />)}
      </div>
    </div>
  );
}
