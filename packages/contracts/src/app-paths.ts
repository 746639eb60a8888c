/**
 * The app's routes (docs/product.md §2), one table as the API's paths are in the endpoint tables: the
 * shell's router and navigation, the remotes' links and the services that build a link into the app
 * (a credit change's run, a payment's return) all take their paths from here. Paths are absolute;
 * the builders below fill in parameters and search parameters.
 */
export const APP_PATHS = {
  landing: '/',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  optOut: '/opt-out',
  auth: '/auth',
  authCallback: '/auth/callback',
  resetPassword: '/reset-password',
  /** A workspace invitation's page is `/invite/<id>` (the invitation mail's link, docs/product.md §11). */
  invitation: '/invite',
  /** After a card payment; the route names the payment provider (docs/product.md §2). */
  paymentSuccess: '/stripe/success',
  pricing: '/pricing',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  infoExtractor: '/dashboard/instagram-info',
  database: '/dashboard/instagram-database',
  /** The Lists page; one list is `leadListHref(id)` below it. */
  leadLists: '/dashboard/lead-lists',
  similarAccounts: '/dashboard/similar-accounts',
  billing: '/dashboard/billing',
  settings: '/dashboard/settings',
  help: '/dashboard/help',
  /** Short forms the dashboard's cards link to; each redirects to the dashboard's page. */
  billingShort: '/billing',
  infoExtractorShort: '/instagram-info',
  databaseShort: '/instagram-database',
} as const;

/** The info extractor's search parameter naming the run in focus (its progress and results show). */
export const RUN_SEARCH_PARAM = 'run';

/** One run's progress and results on the info extractor page. */
export const runResultsHref = (runId: string): string =>
  `${APP_PATHS.infoExtractor}?${new URLSearchParams({ [RUN_SEARCH_PARAM]: runId })}`;

/** One lead list's page. */
export const leadListHref = (listId: string): string =>
  `${APP_PATHS.leadLists}/${encodeURIComponent(listId)}`;

/** The Billing page on one of its tabs (`plans`, …). */
export const billingTabHref = (tab: string): string => `${APP_PATHS.billing}?${new URLSearchParams({ tab })}`;
