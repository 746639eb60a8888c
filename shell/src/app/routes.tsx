import { APP_PATHS } from '@prospector/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RedirectKeepingQuery } from '../components/redirect-keeping-query.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import type { TRemoteModuleId } from '../remotes/remote-modules.ts';
import { RemotePage } from '../remotes/remote-page.tsx';
import { PublicOnly } from './guards/public-only.tsx';
import { removeLandingPrerender } from './landing-prerender.ts';
import {
  AuthCallbackPage,
  AuthPage,
  DashboardLayout,
  DashboardOverviewPage,
  HelpPage,
  InvitationPage,
  RequireSession,
  ResetPasswordPage,
  SettingsPage,
} from './lazy-routes.tsx';
import { PublicLayout } from './public-layout.tsx';

const remoteRoute = (path: string, id: TRemoteModuleId, section: string): RouteObject => ({
  path,
  element: <RemotePage id={id} section={section} />,
});

/**
 * Every route of docs/product.md §2, at its path in `APP_PATHS` (packages/contracts). Exported as plain objects: the app renders them with `useRoutes`,
 * tests mount them in a memory router. Render errors show the error screen of the nearest
 * `RouteErrorBoundary` layout.
 * Guards: /auth is for visitors only; signed-in routes need a session, and the dashboard and
 * /onboarding also show the trial-expired screen or the onboarding wizard when they apply (docs/product.md §6).
 */
export const routes: RouteObject[] = [
  {
    path: APP_PATHS.landing,
    element: <RouteErrorBoundary />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            // The live page takes over from the first screen the edge prerendered into `/`.
            element: (
              <RemotePage
                id="marketing/LandingPage"
                section="the home page"
                onShown={removeLandingPrerender}
              />
            ),
          },
          remoteRoute(APP_PATHS.terms, 'marketing/TermsPage', 'the terms of service'),
          remoteRoute(APP_PATHS.privacyPolicy, 'marketing/PrivacyPolicyPage', 'the privacy policy'),
          remoteRoute(APP_PATHS.optOut, 'marketing/OptOutPage', 'the opt-out page'),
        ],
      },
      { element: <PublicOnly />, children: [{ path: APP_PATHS.auth, element: <AuthPage /> }] },
      { path: APP_PATHS.authCallback, element: <AuthCallbackPage /> },
      { path: APP_PATHS.resetPassword, element: <ResetPasswordPage /> },
      // Signed in or not: the page offers sign-up and sign-in, or accepting (docs/product.md §11).
      { path: `${APP_PATHS.invitation}/:id`, element: <InvitationPage /> },
      {
        // Signed-in, but reachable with an expired trial or before onboarding: this is how one upgrades.
        element: <RequireSession gated={false} />,
        children: [
          // The post-payment route names the card payment provider (docs/product.md §2).
          remoteRoute(APP_PATHS.paymentSuccess, 'billing/PaymentSuccessPage', 'the payment confirmation'),
          remoteRoute(APP_PATHS.pricing, 'billing/PricingPage', 'pricing'),
        ],
      },
      { path: APP_PATHS.billingShort, element: <RedirectKeepingQuery to={APP_PATHS.billing} /> },
      // Dashboard cards link to the short forms (docs/product.md §2); both lead to the same tool.
      {
        path: APP_PATHS.infoExtractorShort,
        element: <RedirectKeepingQuery to={APP_PATHS.infoExtractor} />,
      },
      { path: APP_PATHS.databaseShort, element: <RedirectKeepingQuery to={APP_PATHS.database} /> },
      {
        element: <RequireSession />,
        children: [
          // The guard shows the wizard while onboarding is open; once done, on to the dashboard.
          { path: APP_PATHS.onboarding, element: <Navigate to={APP_PATHS.dashboard} replace /> },
          {
            path: APP_PATHS.dashboard,
            element: <DashboardLayout />,
            children: [
              {
                // Pathless, so an error inside a dashboard page keeps the sidebar and top bar around it.
                element: <RouteErrorBoundary />,
                children: [
                  { index: true, element: <DashboardOverviewPage /> },
                  remoteRoute(APP_PATHS.infoExtractor, 'extractor/InfoExtractorPage', 'the info extractor'),
                  remoteRoute(APP_PATHS.database, 'database/DatabasePage', 'the extraction database'),
                  // One remote page for the lists and each list (`leadListHref`), which reads the id.
                  remoteRoute(`${APP_PATHS.leadLists}/*`, 'database/LeadListsPage', 'lead lists'),
                  remoteRoute(APP_PATHS.similarAccounts, 'extractor/SimilarAccountsPage', 'similar accounts'),
                  remoteRoute(APP_PATHS.billing, 'billing/BillingPage', 'billing'),
                  { path: APP_PATHS.settings, element: <SettingsPage /> },
                  { path: APP_PATHS.help, element: <HelpPage /> },
                  // A mistyped dashboard address keeps the sidebar and top bar, so the way on is in sight.
                  { path: '*', element: <NotFoundPage inApp /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
