import { type ComponentType, lazy, Suspense } from 'react';
import { FullPageSpinner } from '../components/full-page-status.tsx';

/**
 * A route component loaded on first use. The landing and auth pages load only the shell's own
 * frame; signed-in code (guards with onboarding and the trial screen, dashboard, settings, help)
 * and the auth forms come in their own chunks when a route needs them.
 */
function lazyRoute<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyRoute(props: TProps) {
    return (
      <Suspense fallback={<FullPageSpinner label="Loading…" />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const AuthPage = lazyRoute(
  async () => (await import('../features/auth/components/auth-page.tsx')).AuthPage,
);
export const AuthCallbackPage = lazyRoute(
  async () => (await import('../features/auth/components/auth-callback-page.tsx')).AuthCallbackPage,
);
export const ResetPasswordPage = lazyRoute(
  async () => (await import('../features/auth/components/reset-password-page.tsx')).ResetPasswordPage,
);
export const RequireSession = lazyRoute(
  async () => (await import('./guards/require-session.tsx')).RequireSession,
);
export const DashboardLayout = lazyRoute(
  async () => (await import('../features/layout/components/dashboard-layout.tsx')).DashboardLayout,
);
export const DashboardOverviewPage = lazyRoute(
  async () =>
    (await import('../features/dashboard/components/dashboard-overview-page.tsx')).DashboardOverviewPage,
);
export const SettingsPage = lazyRoute(
  async () => (await import('../features/settings/components/settings-page.tsx')).SettingsPage,
);
export const HelpPage = lazyRoute(
  async () => (await import('../features/help/components/help-page.tsx')).HelpPage,
);
export const InvitationPage = lazyRoute(
  async () => (await import('../features/invitation/components/invitation-page.tsx')).InvitationPage,
);
