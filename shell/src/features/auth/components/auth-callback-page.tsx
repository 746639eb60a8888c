import { APP_PATHS, AUTH_ERROR_MESSAGES, CHECKOUT_ERROR, type TPaidPlanId } from '@prospector/contracts';
import { Button, SectionCard, Spinner, toast } from '@prospector/ui';
import { createCheckout, errorMessage, readStoredPlan, storePlan, useSession } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleXIcon from 'lucide-react/icons/circle-x';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { acceptInvitation } from '../../../api/accept-invitation.ts';
import { workspaceChanged } from '../../../api/workspace-changed.ts';
import { invitationHref, readPendingInvitation } from '../../../lib/pending-invitation.ts';
import { storePendingInvitation } from '../../../lib/pending-invitation-store.ts';
import { ResendConfirmationDialog } from './email-dialog.tsx';

/** The card is the whole screen, in each of its three states. */
const SCREEN_CARD = { className: 'w-full max-w-md', centered: true, heading: 'h1' } as const;

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
 * so and goes to the dashboard); otherwise straight to the dashboard. A sign-up from an invitation's page
 * accepts it first, so the account lands in that workspace (docs/product.md §11); if it cannot, the
 * invitation's page says why.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      const invitation = readPendingInvitation();
      if (invitation) {
        storePendingInvitation(undefined);
        try {
          await acceptInvitation(invitation.id);
          workspaceChanged(queryClient);
          toast.success(`You joined ${invitation.workspaceName}`);
        } catch {
          navigate(invitationHref(invitation.id), { replace: true });
          return;
        }
      }
      const plan = readStoredPlan();
      if (!plan) {
        navigate(APP_PATHS.dashboard, { replace: true });
        return;
      }
      storePlan(undefined);
      try {
        const { url } = await createCheckout(plan.id as TPaidPlanId);
        window.location.assign(url);
      } catch {
        toast.error(CHECKOUT_ERROR.title, { description: CHECKOUT_ERROR.description });
        navigate(APP_PATHS.dashboard, { replace: true });
      }
    }, CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      {error ? (
        <SectionCard
          {...SCREEN_CARD}
          aboveTitle={<CircleXIcon className="size-10 text-destructive" aria-hidden />}
          title="Verification Failed"
          description={<span role="alert">{error}</span>}
          contentClassName="flex flex-wrap justify-center gap-2"
        >
          <Button asChild variant="outline">
            <Link to={APP_PATHS.auth}>Back to Sign In</Link>
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
        </SectionCard>
      ) : verified ? (
        <SectionCard
          {...SCREEN_CARD}
          aboveTitle={<CircleCheckIcon className="size-10 text-primary" aria-hidden />}
          title="Email Verified!"
          description={<span role="status">Your account is ready. Taking you in…</span>}
        />
      ) : (
        <SectionCard
          {...SCREEN_CARD}
          aria-busy="true"
          aboveTitle={<Spinner label="Verifying your account" className="text-primary [&_svg]:size-8" />}
          title="Verifying your account"
          description="This only takes a moment."
        />
      )}
    </main>
  );
}
