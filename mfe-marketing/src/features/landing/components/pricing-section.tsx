import {
  APP_PATHS,
  findPaidPlan,
  selectedPlanState,
  type TPlanOffer,
  TRIAL,
  TRIAL_FEATURES,
} from '@prospector/contracts';
import { Link, useNavigate } from '@prospector/router';
import { Button, PlanCard, PlanPrice, Unbroken } from '@prospector/ui';
import { storePlan } from '@prospector/web-data';
import { PlanOffers } from '@prospector/web-features';
import { useVisitor } from '../../../lib/use-visitor.ts';
import { LandingSection } from './landing-section.tsx';

const PLAN_DESCRIPTIONS: Record<TPlanOffer['key'], string> = {
  starter: 'For freelancers and small teams starting outreach.',
  professional: 'For growing teams that prospect every week.',
  enterprise: 'For agencies running outreach at scale.',
};

export function PricingSection() {
  const navigate = useNavigate();
  const visitor = useVisitor();

  // docs/product.md §2: a plan chosen while signed out is remembered and the visitor signs up first;
  // subscribers choosing a plan go to settings; anyone else signed in goes to the pricing screen
  // with the plan selected.
  const choose = async (plan: TPlanOffer) => {
    if (!visitor.signedIn) {
      storePlan(findPaidPlan(plan.key));
      navigate(APP_PATHS.auth, { state: selectedPlanState(plan.key) });
      return;
    }
    if (await visitor.isSubscribed()) navigate(APP_PATHS.settings);
    else navigate(APP_PATHS.pricing, { state: selectedPlanState(plan.key) });
  };

  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple monthly plans"
      description={
        <>
          Start free, then pick the plan that matches your volume. One credit per <Unbroken>e-mail</Unbroken>{' '}
          found.
        </>
      }
      muted
    >
      <PlanOffers
        className="grid items-stretch gap-6 md:grid-cols-2 xl:grid-cols-4"
        description={(plan) => PLAN_DESCRIPTIONS[plan.key]}
        cardClassName={(plan) => (plan.mostPopular ? 'shadow-lg ring-1 ring-primary' : undefined)}
        action={(plan) => (
          <Button
            className="w-full"
            variant={plan.mostPopular ? 'default' : 'outline'}
            onClick={() => void choose(plan)}
          >
            Choose {plan.name}
          </Button>
        )}
      >
        <PlanCard
          name="Free Trial"
          description={`Try every tool for ${TRIAL.days} days.`}
          price={<PlanPrice className="mt-2" price={0} period={`for ${TRIAL.days} days`} />}
          features={TRIAL_FEATURES}
          action={
            <Button asChild variant="outline" className="w-full">
              <Link to={visitor.signedIn ? APP_PATHS.dashboard : APP_PATHS.auth}>Start Free Trial</Link>
            </Button>
          }
        />
      </PlanOffers>
    </LandingSection>
  );
}
