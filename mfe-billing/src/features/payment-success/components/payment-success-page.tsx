import { APP_PATHS } from '@prospector/contracts';
import { useNavigate } from '@prospector/router';
import { Card, CardDescription, CardHeader, CardTitle, Spinner } from '@prospector/ui';
import { CREDITS_QUERY_KEY, getProfile, PROFILE_QUERY_KEY, useCheckSubscription } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import { useEffect, useState } from 'react';

/** docs/product.md §9: 1 s before the check, then 2 s on the success screen or after a failed check. */
const CHECK_DELAY_MS = 1_000;
const REDIRECT_MS = 2_000;

type TNextStep = typeof APP_PATHS.onboarding | typeof APP_PATHS.dashboard;

/**
 * Return point after checkout (docs/product.md §2): "Processing your subscription..." while the subscription
 * is checked, then "Payment Successful!" and on to onboarding — or straight to the dashboard for a user who
 * has done it already (`/onboarding` would only pass them on); a failed check goes to the dashboard.
 */
export function PaymentSuccessPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkSubscription = useCheckSubscription();
  const [done, setDone] = useState(false);
  const [next, setNext] = useState<TNextStep>(APP_PATHS.onboarding);

  useEffect(() => {
    let stopped = false;
    let timer = setTimeout(async () => {
      const checked = await checkSubscription();
      if (stopped) return;
      let nextStep: Promise<TNextStep> = Promise.resolve(APP_PATHS.dashboard);
      if (checked) {
        setDone(true);
        // The fresh profile (now a subscriber's) says whether onboarding is still open; read meanwhile.
        nextStep = queryClient
          .fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, staleTime: 0 })
          .then(
            (profile) => (profile.onboardingCompleted ? APP_PATHS.dashboard : APP_PATHS.onboarding),
            () => APP_PATHS.onboarding,
          );
        void nextStep.then((path) => !stopped && setNext(path));
        void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      }
      timer = setTimeout(async () => {
        const path = await nextStep;
        if (!stopped) navigate(path, { replace: true });
      }, REDIRECT_MS);
    }, CHECK_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [checkSubscription, navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md text-center">
        {done ? (
          <CardHeader className="items-center gap-3 py-4">
            <CircleCheckIcon className="size-10 text-success" aria-hidden />
            <CardTitle className="text-xl">
              <h1>Payment Successful!</h1>
            </CardTitle>
            <CardDescription role="status">
              Your subscription is active. Taking you to your{' '}
              {next === APP_PATHS.dashboard ? 'dashboard' : 'setup'}…
            </CardDescription>
          </CardHeader>
        ) : (
          <CardHeader className="items-center gap-3 py-4" aria-busy="true">
            <Spinner label="Processing your subscription" className="text-primary [&_svg]:size-10" />
            <CardTitle className="text-xl">
              <h1>Processing your subscription...</h1>
            </CardTitle>
            <CardDescription>This takes a few seconds. Please keep this page open.</CardDescription>
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
