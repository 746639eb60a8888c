import { AUTH_ERROR_MESSAGES, CHECKOUT_ERROR, type TPaidPlanId } from '@prospector/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Spinner,
  toast,
} from '@prospector/ui';
import { createCheckout, errorMessage, readStoredPlan, storePlan, useSession } from '@prospector/web-data';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleXIcon from 'lucide-react/icons/circle-x';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ResendConfirmationDialog } from './resend-confirmation-dialog.tsx';

/** docs/product.md §9: the success screen stays this long before moving on. */
export const CALLBACK_REDIRECT_MS = 1_500;

/** docs/product.md §8 "Callback": what each error the verification link can return reads as. */
export function callbackErrorMessage(error: string, description: string | null): string {
  if (error === 'TOKEN_EXPIRED' || /expired/i.test(error)) return AUTH_ERROR_MESSAGES.TOKEN_EXPIRED;
  if (description) return description;
  if (error === 'INVALID_TOKEN') return AUTH_ERROR_MESSAGES.INVALID_TOKEN;
  return error;
}

/**
 * Return point of verification links (docs/product.md §2). The account service verifies the token, sets the
 * session cookie and redirects here, or here with `?error=`. Success moves on after 1.5 s: with a
 * plan chosen before sign-up, the stored choice is cleared and its checkout starts (a failure says
 * so and goes to the dashboard); otherwise straight to the dashboard.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const queryError = searchParams.get('error');
  const verified = !queryError && Boolean(session.data);
  // Only a session check that failed (network, 5xx) can succeed when asked again. A link the
  // account service rejected (expired, invalid, already used) fails the same way every time, so
  // Try Again then sends a new verification link instead.
  const retryable = !queryError && session.isError;

  const error = queryError
    ? callbackErrorMessage(queryError, searchParams.get('error_description'))
    : session.isError
      ? errorMessage(session.error)
      : session.data === null
        ? AUTH_ERROR_MESSAGES.UNAUTHENTICATED
        : undefined;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(async () => {
      const plan = readStoredPlan();
      if (!plan) {
        navigate('/dashboard', { replace: true });
        return;
      }
      storePlan(undefined);
      try {
        const { url } = await createCheckout(plan.id as TPaidPlanId);
        window.location.assign(url);
      } catch {
        toast.error(CHECKOUT_ERROR.title, { description: CHECKOUT_ERROR.description });
        navigate('/dashboard', { replace: true });
      }
    }, CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md text-center">
        {error ? (
          <>
            <CardHeader className="items-center">
              <CircleXIcon className="size-10 text-destructive" aria-hidden />
              <CardTitle className="mt-2 text-xl">
                <h1>Verification Failed</h1>
              </CardTitle>
              <CardDescription role="alert">{error}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <Link to="/auth">Back to Sign In</Link>
              </Button>
              {retryable ? (
                // Asks for the session again in place: enough after a dropped connection, and it
                // spares a full reload of the app and its remotes.
                <Button onClick={() => void session.refetch()} disabled={session.isFetching}>
                  Try Again
                </Button>
              ) : (
                <ResendConfirmationDialog trigger="Try Again" triggerVariant="default" />
              )}
            </CardContent>
          </>
        ) : verified ? (
          <CardHeader className="items-center">
            <CircleCheckIcon className="size-10 text-primary" aria-hidden />
            <CardTitle className="mt-2 text-xl">
              <h1>Email Verified!</h1>
            </CardTitle>
            <CardDescription role="status">Your account is ready. Taking you in…</CardDescription>
          </CardHeader>
        ) : (
          <CardHeader className="items-center" aria-busy="true">
            <Spinner label="Verifying your account" className="text-primary [&_svg]:size-8" />
            <CardTitle className="mt-2 text-xl">
              <h1>Verifying your account</h1>
            </CardTitle>
            <CardDescription>This only takes a moment.</CardDescription>
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
