import { PLAN_OFFERS } from '@prospector/contracts';
import { Button } from '@prospector/ui';
import { PlanCard } from '../../../components/plan-card.tsx';
import { PromoBadge } from '../../../components/promo-badge.tsx';

/** Checkout starts on the billing service; the buttons are enabled when it is wired. */
export function PlansTab() {
  return (
    <div className="flex flex-col items-center gap-6">
      <PromoBadge />
      <div className="grid w-full gap-6 pt-2 md:grid-cols-3">
        {PLAN_OFFERS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Button className="w-full" variant={plan.mostPopular ? 'default' : 'outline'} disabled>
                Choose {plan.name}
              </Button>
            }
          />
        ))}
      </div>
    </div>
  );
}
