import { APP_PATHS } from '@prospector/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RedirectKeepingQuery } from '../components/redirect-keeping-query.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { RemotePage } from '../remotes/remote-page.tsx';
import { PublicOnly } from './guards/public-only.tsx';
import { removeLandingPrerender } from './landing-prerender.ts';
import {
  AuthCallbackPage,
  AuthPage,
  DashboardLayout,
  DashboardOverviewPage,
  HelpPage,
  RequireSession,
  ResetPasswordPage,
  SettingsPage,
} from './lazy-routes.tsx';
import { PublicLayout } from './public-layout.tsx';

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
          {
            path: APP_PATHS.terms,
            element: <RemotePage id="marketing/TermsPage" section="the terms of service" />,
          },
          {
            path: APP_PATHS.privacyPolicy,
            element: <RemotePage id="marketing/PrivacyPolicyPage" section="the privacy policy" />,
          },
          {
            path: APP_PATHS.optOut,
            element: <RemotePage id="marketing/OptOutPage" section="the opt-out page" />,
          },
        ],
      },
      { element: <PublicOnly />, children: [{ path: APP_PATHS.auth, element: <AuthPage /> }] },
      { path: APP_PATHS.authCallback, element: <AuthCallbackPage /> },
      { path: APP_PATHS.resetPassword, element: <ResetPasswordPage /> },
      {
        // Signed-in, but reachable with an expired trial or before onboarding: this is how one upgrades.
        element: <RequireSession gated={false} />,
        children: [
          // The post-payment route names the card payment provider (docs/product.md §2).
          {
            path: APP_PATHS.paymentSuccess,
            element: <RemotePage id="billing/PaymentSuccessPage" section="the payment confirmation" />,
          },
          { path: APP_PATHS.pricing, element: <RemotePage id="billing/PricingPage" section="pricing" /> },
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
                  {
                    path: APP_PATHS.infoExtractor,
                    element: <RemotePage id="extractor/InfoExtractorPage" section="the info extractor" />,
                  },
                  {
                    path: APP_PATHS.database,
                    element: <RemotePage id="database/DatabasePage" section="the extraction database" />,
                  },
                  {
                    // One remote page for the lists and each list (`leadListHref`), which reads the id.
                    path: `${APP_PATHS.leadLists}/*`,
                    element: <RemotePage id="database/LeadListsPage" section="lead lists" />,
                  },
                  {
                    path: APP_PATHS.similarAccounts,
                    element: <RemotePage id="extractor/SimilarAccountsPage" section="similar accounts" />,
                  },
                  {
                    path: APP_PATHS.billing,
                    element: <RemotePage id="billing/BillingPage" section="billing" />,
                  },
                  { path: APP_PATHS.settings, element: <SettingsPage /> },
                  { path: APP_PATHS.help, element: <HelpPage /> },
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
