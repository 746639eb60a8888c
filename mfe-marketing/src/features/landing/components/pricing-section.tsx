import { findPaidPlan, promoLabel, selectedPlanState, type TPlanOffer, TRIAL } from '@prospector/contracts';
import { Link, useNavigate } from '@prospector/router';
import { Badge, Button, LoadFailed, PlanCard, PlanPrice, Skeleton } from '@prospector/ui';
import { storePlan, useActivePromo, usePlansView } from '@prospector/web-data';
import { useVisitor } from '../../../lib/use-visitor.ts';
import { LandingSection } from './landing-section.tsx';

const PLAN_DESCRIPTIONS: Record<TPlanOffer['key'], string> = {
  starter: 'For freelancers and small teams starting outreach.',
  professional: 'For growing teams that prospect every week.',
  enterprise: 'For agencies running outreach at scale.',
};

export function PricingSection() {
  const navigate = useNavigate();
  const view = usePlansView();
  const promo = useActivePromo(view.data?.promo);
  const visitor = useVisitor();

  // docs/product.md §2: a plan chosen while signed out is remembered and the visitor signs up first;
  // subscribers choosing a plan go to settings; anyone else signed in goes to the pricing screen
  // with the plan selected.
  const choose = async (plan: TPlanOffer) => {
    if (!visitor.signedIn) {
      storePlan(findPaidPlan(plan.key));
      navigate('/auth', { state: selectedPlanState(plan.key) });
      return;
    }
    if (await visitor.isSubscribed()) navigate('/dashboard/settings');
    else navigate('/pricing', { state: selectedPlanState(plan.key) });
  };

  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple monthly plans"
      description="Start free, then pick the plan that matches your volume. One credit per e-mail found."
      muted
    >
      {promo && (
        <Badge variant="destructive" className="mx-auto px-3 py-1 text-sm">
          {promoLabel(promo)}
        </Badge>
      )}
      {!view.data && view.isError && (
        <LoadFailed className="mx-auto" onRetry={() => void view.refetch()}>
          The plans could not be loaded.
        </LoadFailed>
      )}
      <div
        className="grid items-stretch gap-6 md:grid-cols-2 xl:grid-cols-4"
        aria-busy={!view.data && !view.isError}
      >
        <PlanCard
          name="Free Trial"
          description={`Try every tool for ${TRIAL.days} days.`}
          price={<PlanPrice className="mt-2" price={0} period={`for ${TRIAL.days} days`} />}
          features={[`${TRIAL.credits} free credits`, 'Every extraction tool', 'CSV export']}
          action={
            <Button asChild variant="outline" className="w-full">
              <Link to={visitor.signedIn ? '/dashboard' : '/auth'}>Start Free Trial</Link>
            </Button>
          }
        />
        {!view.data && !view.isError && [0, 1, 2].map((slot) => <Skeleton key={slot} className="h-96" />)}
        {view.data?.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            name={plan.name}
            description={PLAN_DESCRIPTIONS[plan.key]}
            price={
              <PlanPrice
                className="mt-2"
                price={plan.price}
                originalPrice={promo ? plan.originalPrice : undefined}
              />
            }
            features={plan.features}
            mostPopular={plan.mostPopular}
            className={plan.mostPopular ? 'shadow-lg ring-1 ring-primary' : undefined}
            action={
              <Button
                className="w-full"
                variant={plan.mostPopular ? 'default' : 'outline'}
                onClick={() => void choose(plan)}
              >
                Choose {plan.name}
              </Button>
            }
          />
        ))}
      </div>
    </LandingSection>
  );
}
