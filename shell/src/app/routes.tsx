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
 * Every route of docs/product.md §2. Exported as plain objects: the app renders them with `useRoutes`,
 * tests mount them in a memory router. Render errors show the error screen of the nearest
 * `RouteErrorBoundary` layout.
 * Guards: /auth is for visitors only; signed-in routes need a session, and the dashboard and
 * /onboarding also show the trial-expired screen or the onboarding wizard when they apply (docs/product.md §6).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
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
          { path: 'terms', element: <RemotePage id="marketing/TermsPage" section="the terms of service" /> },
          {
            path: 'privacy-policy',
            element: <RemotePage id="marketing/PrivacyPolicyPage" section="the privacy policy" />,
          },
          { path: 'opt-out', element: <RemotePage id="marketing/OptOutPage" section="the opt-out page" /> },
        ],
      },
      { element: <PublicOnly />, children: [{ path: 'auth', element: <AuthPage /> }] },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        // Signed-in, but reachable with an expired trial or before onboarding: this is how one upgrades.
        element: <RequireSession gated={false} />,
        children: [
          // The post-payment route names the card payment provider (docs/product.md §2).
          {
            path: 'stripe/success',
            element: <RemotePage id="billing/PaymentSuccessPage" section="the payment confirmation" />,
          },
          { path: 'pricing', element: <RemotePage id="billing/PricingPage" section="pricing" /> },
        ],
      },
      { path: 'billing', element: <RedirectKeepingQuery to="/dashboard/billing" /> },
      // Dashboard cards link to the short forms (docs/product.md §2); both lead to the same tool.
      { path: 'instagram-info', element: <RedirectKeepingQuery to="/dashboard/instagram-info" /> },
      { path: 'instagram-database', element: <RedirectKeepingQuery to="/dashboard/instagram-database" /> },
      {
        element: <RequireSession />,
        children: [
          // The guard shows the wizard while onboarding is open; once done, on to the dashboard.
          { path: 'onboarding', element: <Navigate to="/dashboard" replace /> },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              {
                // Pathless, so an error inside a dashboard page keeps the sidebar and top bar around it.
                element: <RouteErrorBoundary />,
                children: [
                  { index: true, element: <DashboardOverviewPage /> },
                  {
                    path: 'instagram-info',
                    element: <RemotePage id="extractor/InfoExtractorPage" section="the info extractor" />,
                  },
                  {
                    path: 'instagram-database',
                    element: <RemotePage id="database/DatabasePage" section="the extraction database" />,
                  },
                  {
                    // One remote page for the lists and each list (`lead-lists/<id>`), which reads the id.
                    path: 'lead-lists/*',
                    element: <RemotePage id="database/LeadListsPage" section="lead lists" />,
                  },
                  {
                    path: 'similar-accounts',
                    element: <RemotePage id="extractor/SimilarAccountsPage" section="similar accounts" />,
                  },
                  { path: 'billing', element: <RemotePage id="billing/BillingPage" section="billing" /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'help', element: <HelpPage /> },
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
