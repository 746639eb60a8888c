import { PLAN_OFFERS } from '@prospector/contracts';
import { Button, Spinner } from '@prospector/ui';
import { useCreateCheckout } from '../../../api/create-checkout.ts';
import { PlanCard } from '../../../components/plan-card.tsx';
import { PromoBadge } from '../../../components/promo-badge.tsx';
import { useSubscriptionView } from '../stores/subscription-view.ts';

/** Change Plan: the current plan's card is disabled; another plan starts checkout (spec §2). */
export function PlansTab() {
  const { view } = useSubscriptionView();
  const checkout = useCreateCheckout();
  return (
    <div className="flex flex-col items-center gap-6">
      <PromoBadge />
      <div className="grid w-full gap-6 pt-2 md:grid-cols-3">
        {PLAN_OFFERS.map((plan) => {
          const current = view?.planId === plan.id;
          const starting = checkout.isPending && checkout.variables === plan.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={current}
              action={
                <Button
                  className="w-full"
                  variant={plan.mostPopular && !current ? 'default' : 'outline'}
                  disabled={current || checkout.isPending}
                  onClick={() => checkout.mutate(plan.id)}
                >
                  {starting && <Spinner label="Starting checkout" />}
                  {current ? 'Current Plan' : `Choose ${plan.name}`}
                </Button>
              }
            />
          );
        })}
      </div>
    </div>
  );
}
