import { APP_PATHS, planFromState } from '@prospector/contracts';
import { Link, useLocation, useSearchParams } from '@prospector/router';
import { Alert, AlertDescription, Button, Spinner, Unbroken } from '@prospector/ui';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { PlanOffers } from '../../../components/plan-offers.tsx';
import { usePlanCheckout } from '../../../hooks/use-plan-checkout.tsx';
import { useSubscriptionView } from '../../../hooks/use-subscription-view.ts';

/**
 * The pricing screen (docs/product.md §2). Router state `selectedPlan` outlines the plan chosen earlier.
 * Choosing a plan starts checkout and hands the browser to the checkout page; a subscriber choosing
 * another plan is first told what the change does (as on Change Plan), and their own plan is disabled.
 */
export function PricingPage() {
  const selected = planFromState(useLocation().state);
  const view = useSubscriptionView();
  const { checkout, choose, confirmation } = usePlanCheckout();
  // The checkout page's "back" or an abandoned payment returns here (PAYMENT_CANCEL_PATH).
  const cancelled = useSearchParams()[0].get('checkout') === 'cancelled';
  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-8">
        <Button asChild variant="ghost" className="self-start">
          <Link to={APP_PATHS.dashboard}>
            <ArrowLeftIcon aria-hidden />
            Back to Dashboard
          </Link>
        </Button>
        {cancelled && (
          <Alert role="status" className="max-w-xl" data-testid="checkout-cancelled">
            <AlertDescription>Payment cancelled — nothing was charged.</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Choose your plan</h1>
          <p className="max-w-xl text-muted-foreground">
            Monthly credits for every plan. One credit is used only when a public <Unbroken>e-mail</Unbroken>{' '}
            is found.
          </p>
        </div>
        <PlanOffers
          isSelected={(plan) => plan.key === selected}
          action={(plan) => {
            const current = view?.planId === plan.id;
            return (
              <Button
                className="w-full"
                variant={(plan.key === selected || plan.mostPopular) && !current ? 'default' : 'outline'}
                disabled={current || checkout.isPending}
                onClick={() => choose(plan.id)}
              >
                {checkout.isPending && checkout.variables === plan.id && (
                  <Spinner label="Starting checkout" />
                )}
                {current ? 'Current Plan' : `Choose ${plan.name}`}
              </Button>
            );
          }}
        />
        {confirmation}
      </div>
    </main>
  );
}
