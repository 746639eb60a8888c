import { APP_PATHS, selectedPlanState } from '@prospector/contracts';
import { useNavigate } from '@prospector/router';
import { Button } from '@prospector/ui';
import { PlanOffers } from '../../../components/plan-offers.tsx';

/**
 * The plan cards of the shell's trial-expired screen (docs/product.md §2): Choose goes to /pricing with the
 * plan's lowercase name as router state `selectedPlan`, which the pricing screen outlines.
 */
export function TrialExpiredPlans() {
  const navigate = useNavigate();
  return (
    <PlanOffers
      action={(plan) => (
        <Button
          className="w-full"
          variant={plan.mostPopular ? 'default' : 'outline'}
          onClick={() => navigate(APP_PATHS.pricing, { state: selectedPlanState(plan.key) })}
        >
          Choose {plan.name}
        </Button>
      )}
    />
  );
}
