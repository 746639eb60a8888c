import { promoLabel, type TPlanOffer } from '@prospector/contracts';
import { Badge, LoadFailed, PlanCard, PlanPrice, Skeleton } from '@prospector/ui';
import { useActivePromo, usePlansView } from '@prospector/web-data';
import type { ReactNode } from 'react';

export type PlanOffersProps = {
  /** The grid's layout classes. */
  className: string;
  /** Cards before the paid plans (the landing's free trial); the grid stays when the plans fail to load. */
  children?: ReactNode;
  description: (plan: TPlanOffer) => ReactNode;
  /** The button under a plan's card. */
  action: (plan: TPlanOffer) => ReactNode;
  /** Outlines a plan's card, e.g. the current plan or the one chosen earlier. */
  isSelected?: (plan: TPlanOffer) => boolean;
  cardClassName?: (plan: TPlanOffer) => string | undefined;
};

/**
 * The paid plans as the marketing service serves them, for every pricing grid. While the promo's countdown is
 * positive they show its badge and struck-through original prices; both go the moment it ends
 * (docs/product.md §2). Skeletons hold the plans' places while they load.
 */
export function PlanOffers({ className, children, ...card }: PlanOffersProps) {
  const view = usePlansView();
  const promo = useActivePromo(view.data?.promo);
  const failed = !view.data && view.isError;
  return (
    <>
      {promo && (
        <Badge variant="destructive" className="mx-auto px-3 py-1 text-sm">
          {promoLabel(promo)}
        </Badge>
      )}
      {failed && (
        <LoadFailed className="mx-auto" onRetry={() => void view.refetch()}>
          The plans could not be loaded.
        </LoadFailed>
      )}
      {(!failed || children) && (
        <div className={className} aria-busy={!view.data && !failed}>
          {children}
          {view.data
            ? view.data.plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  name={plan.name}
                  description={card.description(plan)}
                  price={
                    <PlanPrice
                      className="mt-2"
                      price={plan.price}
                      originalPrice={promo ? plan.originalPrice : undefined}
                    />
                  }
                  features={plan.features}
                  mostPopular={plan.mostPopular}
                  selected={card.isSelected?.(plan) ?? false}
                  className={card.cardClassName?.(plan)}
                  action={card.action(plan)}
                />
              ))
            : !failed && [0, 1, 2].map((slot) => <Skeleton key={slot} className="h-96" />)}
        </div>
      )}
    </>
  );
}
