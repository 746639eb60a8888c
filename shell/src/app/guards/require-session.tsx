import { UNEXPECTED_ERROR_MESSAGE } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { useAccountEvents, useProfile, useSession } from '@prospector/web-data';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageError, FullPageSpinner } from '../../components/full-page-status.tsx';
import { OnboardingPage } from '../../features/onboarding/components/onboarding-page.tsx';
import { TrialExpiredPage } from '../../features/trial-expired/components/trial-expired-page.tsx';
import { decideGuard } from './guard-decision.ts';

/** docs/product.md §8 "Profile": the profile could not be loaded or created. */
export const PROFILE_INIT_ERROR = 'Failed to initialize user profile.';

// Cached data wins over a failed background refetch, so a blip never throws the user out.
const sessionState = ({ data, isError }: ReturnType<typeof useSession>) =>
  data ? 'signed-in' : data === null ? 'signed-out' : isError ? 'error' : 'loading';

/**
 * Signed-in routes. While signed in, the profile is loaded (created on the first visit) and the live
 * stream is open; gated routes then show the trial-expired screen or the onboarding wizard instead
 * of the page when they apply.
 */
export function RequireSession({ gated = true }: { gated?: boolean }) {
  const location = useLocation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  useAccountEvents(signedIn);
  const profile = useProfile({ enabled: signedIn });

  useEffect(() => {
    if (profile.isError) toast.error(PROFILE_INIT_ERROR);
  }, [profile.isError]);

  const decision = decideGuard({
    requirement: 'signed-in',
    session: sessionState(session),
    gated,
    profile: profile.data
      ? { state: 'ready', ...profile.data }
      : profile.isError
        ? { state: 'error' }
        : { state: 'loading' },
  });

  switch (decision.kind) {
    case 'spinner':
      return <FullPageSpinner label={session.isPending ? 'Checking your session' : 'Loading your account'} />;
    case 'session-error':
      return (
        <FullPageError
          title="Couldn't check your session"
          message={UNEXPECTED_ERROR_MESSAGE}
          onRetry={() => void session.refetch()}
        />
      );
    case 'profile-error':
      return (
        <FullPageError
          title="Profile unavailable"
          message={PROFILE_INIT_ERROR}
          onRetry={() => void profile.refetch()}
        />
      );
    case 'redirect':
      return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
    case 'trial-expired':
      return <TrialExpiredPage />;
    case 'onboarding':
      return <OnboardingPage />;
    case 'render':
      return <Outlet />;
  }
}
