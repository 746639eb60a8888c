import { Button, Spinner } from '@prospector/ui';
import { PlanOffers } from '../../../components/plan-offers.tsx';
import { usePlanCheckout } from '../../../hooks/use-plan-checkout.tsx';
import { useSubscriptionView } from '../../../hooks/use-subscription-view.ts';
import { TopUp } from './top-up.tsx';

/**
 * Change Plan: the current plan's card is disabled; another plan starts checkout (docs/product.md §2),
 * after saying what the change does. A subscriber who only ran short (the Upgrade button leads here)
 * is offered a credit pack below, which leaves the plan as it is.
 */
export function PlansTab() {
  const view = useSubscriptionView();
  const { checkout, choose, confirmation } = usePlanCheckout();
  return (
    <>
      <PlanOffers
        isSelected={(plan) => view?.planId === plan.id}
        action={(plan) => {
          const current = view?.planId === plan.id;
          const starting = checkout.isPending && checkout.variables === plan.id;
          return (
            <Button
              className="w-full"
              variant={plan.mostPopular && !current ? 'default' : 'outline'}
              disabled={current || checkout.isPending}
              onClick={() => choose(plan.id)}
            >
              {starting && <Spinner label="Starting checkout" />}
              {current ? 'Current Plan' : `Choose ${plan.name}`}
            </Button>
          );
        }}
      />
      {confirmation}
      {(view?.status === 'active' || view?.status === 'cancelled') && <TopUp />}
    </>
  );
}
