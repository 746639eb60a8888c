import {
  ACCOUNT_ENDPOINTS,
  BILLING_ENDPOINTS,
  DATABASE_ENDPOINTS,
  EXTRACTOR_PATHS,
  MARKETING_PATHS,
  NECESSARY_ONLY,
  OPT_OUT_PATHS,
  SANDBOX_CHECKOUT_PATH,
  TEAM_ENDPOINTS,
  V1_DOCS_PATHS,
  V1_PATHS,
} from '@prospector/contracts';
import { SIGN_UP_PASSWORD } from '../../bench/sign-up-user.ts';
import type { TRouteKey } from '../testing/_composed-app.ts';

/**
 * What the hostile-input suite needs to know about one route of the composed app to reach its
 * handler with a well-formed request, so each hostile case differs from a valid call in one respect.
 * Routes are keyed by the contracts' path tables wherever they have one.
 */
export interface TApiRoute {
  /** A valid JSON body: each field is replaced in turn by every hostile value. */
  body?: Record<string, unknown>;
  /** Query parameters the route reads, with valid values: each is replaced by hostile values. */
  query?: Record<string, string>;
  /** The route can end the session it is called with (sign-out, erasure, a password change). */
  endsSession?: true;
  /** Hashes or verifies a password (scrypt: slow on purpose, and much slower on a busy machine). */
  checksPassword?: true;
  /**
   * Spends credits or searches through the data provider: behind the paywall (docs/product.md §6), so
   * an expired trial without a subscription gets 402 TRIAL_EXPIRED (paywall.test.ts checks that exactly
   * these routes refuse it).
   */
  paywalled?: true;
}

const UUID = '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b';
/** The suites' users sign up with it, so change-password gets the right current password. */
const PASSWORD = SIGN_UP_PASSWORD;
/** The sign-up's and the profile's fields. */
const PERSON = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountType: 'business',
  companyName: 'Analytical Engines',
  vatNumber: 'IT12345678901',
  country: 'Italy',
};

export const API_ROUTES: Record<TRouteKey, TApiRoute> = {
  'GET /metrics': {},
  'GET /dev/mailbox': {},
  'GET /dev/mailbox.json': {},
  'GET /api/account/health': {},
  'GET /api/marketing/health': {},
  'GET /api/extractor/health': {},
  'GET /api/database/health': {},
  'GET /api/billing/health': {},

  'POST /api/auth/sign-up/email': {
    body: {
      email: 'hostile-sign-up@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...PERSON,
      callbackURL: '/auth/callback',
    },
    checksPassword: true,
  },
  'POST /api/auth/sign-in/email': {
    body: { email: 'nobody@example.com', password: PASSWORD, rememberMe: true, callbackURL: '/dashboard' },
    checksPassword: true,
  },
  'POST /api/auth/sign-out': { endsSession: true },
  'GET /api/auth/get-session': {},
  'GET /api/auth/verify-email': { query: { token: 'not-a-token', callbackURL: '/auth/callback' } },
  'POST /api/auth/send-verification-email': {
    body: { email: 'nobody@example.com', callbackURL: '/auth/callback' },
  },
  'POST /api/auth/request-password-reset': {
    body: { email: 'nobody@example.com', redirectTo: '/reset-password' },
  },
  'POST /api/auth/reset-password': {
    body: { token: 'not-a-token', newPassword: PASSWORD },
    checksPassword: true,
  },
  'POST /api/auth/change-password': {
    // The signed-in user's real password, so the checks after it are reached too.
    body: { currentPassword: PASSWORD, newPassword: 'N3w#Password', confirmPassword: 'N3w#Password' },
    endsSession: true,
    checksPassword: true,
  },
  'GET /api/auth/ok': {},
  'GET /api/auth/error': { query: { error: 'some_error' } },

  'GET /api/account/profile': {},
  'PATCH /api/account/profile': { body: PERSON },
  'POST /api/account/onboarding': {
    body: {
      businessType: 'marketing-agency',
      companySize: '2-10',
      howFoundUs: 'google',
      industry: 'technology',
      marketingGoals: ['Lead Generation'],
      currentTools: ['HubSpot'],
      monthlyBudgetRange: '1k-5k',
    },
  },
  'POST /api/account/onboarding/skip': {},
  'DELETE /api/account/me': { endsSession: true },
  'GET /api/account/events': {},
  [`GET ${ACCOUNT_ENDPOINTS.apiKeys.path}`]: {},
  [`POST ${ACCOUNT_ENDPOINTS.apiKeys.path}`]: { body: { name: 'CRM' } },
  [`DELETE ${ACCOUNT_ENDPOINTS.revokeApiKey.path}`]: {},

  // The public API (a session cookie is no key: these answer 401 to the suites' signed-in users).
  [`POST ${V1_PATHS.runs}`]: { body: { usernames: ['natgeo'], websites: true } },
  'GET /api/v1/runs/:id': {},
  'GET /api/v1/runs/:id/results': { query: { limit: '10' } },
  [`GET ${V1_PATHS.extractions}`]: { query: { q: 'coffee', email: 'with', limit: '10' } },
  [`GET ${V1_PATHS.exportExtractions}`]: { query: { q: 'coffee', includeEmailStatus: 'true' } },
  'DELETE /api/v1/extractions/:id': {},
  [`GET ${V1_PATHS.credits}`]: {},
  [`GET ${V1_DOCS_PATHS.openapi}`]: {},
  [`GET ${V1_DOCS_PATHS.page}`]: {},
  [`GET ${ACCOUNT_ENDPOINTS.webhooks.path}`]: {},
  // A public address as a literal: no DNS answer decides whether the valid call reaches the handler.
  [`PUT ${ACCOUNT_ENDPOINTS.webhooks.path}`]: { body: { url: 'https://93.184.215.14/hooks' } },
  [`DELETE ${ACCOUNT_ENDPOINTS.webhooks.path}`]: {},
  [`POST ${ACCOUNT_ENDPOINTS.rotateWebhookSecret.path}`]: {},
  [`GET ${ACCOUNT_ENDPOINTS.webhookDeliveries.path}`]: {},
  [`POST ${ACCOUNT_ENDPOINTS.resendWebhook.path}`]: {},
  [`GET ${TEAM_ENDPOINTS.team.path}`]: {},
  [`POST ${TEAM_ENDPOINTS.invite.path}`]: { body: { email: 'colleague@example.com', role: 'member' } },
  [`DELETE ${TEAM_ENDPOINTS.revokeInvitation.path}`]: {},
  [`PATCH ${TEAM_ENDPOINTS.changeRole.path}`]: { body: { role: 'admin' } },
  [`DELETE ${TEAM_ENDPOINTS.removeMember.path}`]: {},
  [`POST ${TEAM_ENDPOINTS.leave.path}`]: {},
  [`GET ${TEAM_ENDPOINTS.workspaces.path}`]: {},
  [`PUT ${TEAM_ENDPOINTS.switchWorkspace.path}`]: { body: { workspaceId: 'another-workspace' } },
  [`GET ${BILLING_ENDPOINTS.myUsage.path}`]: {},
  [`GET ${BILLING_ENDPOINTS.memberUsage.path}`]: {},
  [`PUT ${BILLING_ENDPOINTS.setMemberLimit.path}`]: { body: { monthlyLimit: 10 } },
  [`DELETE ${BILLING_ENDPOINTS.clearMemberLimit.path}`]: {},
  [`GET ${TEAM_ENDPOINTS.invitation.path}`]: {},
  [`POST ${TEAM_ENDPOINTS.acceptInvitation.path}`]: {},

  [`GET ${MARKETING_PATHS.plans}`]: {},
  [`POST ${MARKETING_PATHS.consents}`]: {
    body: { anonymousId: UUID, flags: NECESSARY_ONLY, policyVersion: '2026-11-24' },
  },
  [`GET ${OPT_OUT_PATHS.challenge}`]: {},
  // An unsolved proof: hostile variants of the fields are judged before the proof is.
  [`POST ${OPT_OUT_PATHS.optOut}`]: {
    body: { username: 'natgeo', email: '', challenge: 'x.y.z', nonce: '0' },
  },
  [`POST ${OPT_OUT_PATHS.access}`]: { body: { username: 'natgeo', challenge: 'x.y.z', nonce: '0' } },
  // A token not made with the key, a request that does not exist: refused before anything is asked.
  [`POST ${OPT_OUT_PATHS.confirm}`]: { body: { token: 'x.y.z' } },
  [`POST ${OPT_OUT_PATHS.bioCheck}`]: { body: { requestId: UUID, username: 'natgeo' } },

  [`POST ${EXTRACTOR_PATHS.runs}`]: { body: { usernames: ['natgeo'], source: 'single' }, paywalled: true },
  [`GET ${EXTRACTOR_PATHS.runs}`]: {},
  [`GET ${EXTRACTOR_PATHS.run}`]: {},
  [`POST ${EXTRACTOR_PATHS.cancelRun}`]: {},
  [`GET ${EXTRACTOR_PATHS.events}`]: {},
  [`GET ${EXTRACTOR_PATHS.provider}`]: {},
  [`POST ${EXTRACTOR_PATHS.search}`]: { body: { keyword: 'coffee' }, paywalled: true },
  [`POST ${EXTRACTOR_PATHS.similar}`]: { body: { username: 'natgeo' }, paywalled: true },
  [`POST ${EXTRACTOR_PATHS.accountLists}`]: {
    body: { kind: 'followers', target: 'natgeo' },
    paywalled: true,
  },
  'GET /api/extractor/avatars/:key': {},

  [`GET ${DATABASE_ENDPOINTS.stats.path}`]: {},
  [`GET ${DATABASE_ENDPOINTS.optOutRemovals.path}`]: {},
  [`GET ${DATABASE_ENDPOINTS.list.path}`]: {
    query: {
      q: 'coffee',
      email: 'with',
      followersMin: '10',
      followersMax: '100000',
      verified: 'yes',
      privacy: 'public',
      emailStatus: 'deliverable',
      emailRole: 'role',
      category: 'Food',
      bio: 'roaster barista',
      list: UUID,
      page: '2',
    },
  },
  [`GET ${DATABASE_ENDPOINTS.exportCsv.path}`]: {
    query: {
      q: 'coffee',
      email: 'all',
      mediaMin: '1',
      category: 'Food',
      ids: UUID,
      list: UUID,
      includeEmailStatus: 'true',
    },
  },
  [`POST ${DATABASE_ENDPOINTS.deleteMany.path}`]: { body: { ids: [UUID] } },
  [`GET ${DATABASE_ENDPOINTS.categories.path}`]: {},
  [`GET ${DATABASE_ENDPOINTS.get.path}`]: {},
  [`DELETE ${DATABASE_ENDPOINTS.get.path}`]: {},
  [`POST ${DATABASE_ENDPOINTS.recheck.path}`]: {},
  [`GET ${DATABASE_ENDPOINTS.leadLists.path}`]: {},
  [`POST ${DATABASE_ENDPOINTS.leadLists.path}`]: { body: { name: 'Coffee roasters' } },
  [`GET ${DATABASE_ENDPOINTS.leadList.path}`]: {},
  [`PATCH ${DATABASE_ENDPOINTS.leadList.path}`]: { body: { name: 'Roasters' } },
  [`DELETE ${DATABASE_ENDPOINTS.leadList.path}`]: {},
  [`GET ${DATABASE_ENDPOINTS.leadListMembers.path}`]: { query: { page: '2' } },
  [`POST ${DATABASE_ENDPOINTS.leadListMembers.path}`]: { body: { ids: [UUID] } },
  [`POST ${DATABASE_ENDPOINTS.removeLeadListMembers.path}`]: { body: { ids: [UUID] } },

  [`GET ${BILLING_ENDPOINTS.credits.path}`]: {},
  [`GET ${BILLING_ENDPOINTS.creditHistory.path}`]: { query: { page: '1', pageSize: '25' } },
  [`GET ${BILLING_ENDPOINTS.invoices.path}`]: {},
  [`POST ${BILLING_ENDPOINTS.checkout.path}`]: { body: { planId: 'package_1' } },
  [`POST ${BILLING_ENDPOINTS.topUp.path}`]: { body: { packId: 'credits_1000' } },
  [`GET ${BILLING_ENDPOINTS.subscription.path}`]: {},
  [`POST ${BILLING_ENDPOINTS.cancel.path}`]: {},
  [`POST ${BILLING_ENDPOINTS.reactivate.path}`]: {},
  [`POST ${BILLING_ENDPOINTS.stripeWebhook.path}`]: {
    body: { id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'in_1' } } },
  },
  [`GET ${SANDBOX_CHECKOUT_PATH}/:sessionId`]: {},
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/pay`]: {},
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/cancel`]: {},
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/resend-events`]: {},
};

/** Every path the contracts' path tables name: each must be a route of the app. */
export const CONTRACT_PATHS: readonly string[] = [
  ...Object.values(EXTRACTOR_PATHS),
  ...Object.values(DATABASE_ENDPOINTS).map((endpoint) => endpoint.path),
  ...Object.values(MARKETING_PATHS),
  ...Object.values(BILLING_ENDPOINTS).map((endpoint) => endpoint.path),
];

/** Whether the route changes state, so a browser would send Origin and the app checks it. */
export const isUnsafeMethod = (key: TRouteKey) => !key.startsWith('GET ');

export const methodOf = (key: TRouteKey) => key.slice(0, key.indexOf(' '));
export const pathOf = (key: TRouteKey) => key.slice(key.indexOf(' ') + 1);

/** The route's path with each `:param` replaced by `value(name)` (URL-encoded by the caller). */
export const fillPath = (key: TRouteKey, value: (param: string) => string) =>
  pathOf(key).replace(/:([A-Za-z]+)/g, (_, name: string) => value(name));
