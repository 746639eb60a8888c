import {
  ACCOUNT_ENDPOINTS,
  BILLING_ENDPOINTS,
  DATABASE_ENDPOINTS,
  EXTRACTOR_PATHS,
  endpointPath,
  MARKETING_PATHS,
  NECESSARY_ONLY,
  OPT_OUT_PATHS,
  SANDBOX_CHECKOUT_PATH,
  TEAM_ENDPOINTS,
  V1_DOCS_PATHS,
  V1_PATHS,
} from '@prospector/contracts';
import { expect } from 'vitest';
import type { TSignedUpUser } from '../../bench/sign-up-user.ts';
import type { TRouteKey } from '../testing/_composed-app.ts';
import { API_ROUTES } from './_api-routes.ts';

/** What user B owns, which user A tries to reach. */
export interface TForeign {
  user: TSignedUpUser & { userId: string; firstName: string; lastName: string; companyName: string };
  runId: string;
  itemIds: string[];
  extractionIds: string[];
  /** A lead list of B's, holding B's records. */
  listId: string;
  /** A checkout B opened and has not paid. */
  openCheckoutId: string;
  /** The checkout B paid (B's subscription). */
  paidCheckoutId: string;
  /** One of B's API keys (its id; the secret is never shown again). */
  apiKeyId: string;
}

/**
 * How A's answer is judged; in every case it must be below 500 and hold none of B's values.
 * - denied: the route names B's resource; 401, 403 or 404.
 * - own: the route acts on the caller's own data whatever the request names (ids in the query or
 *   body are ignored); A gets A's rows, an empty list, or a 4xx.
 * - public: the route involves no one's data (health, plans, sign-up, a signed webhook).
 * - this machine only: the dev mailbox shows every mail sent on a developer's machine, to loopback
 *   clients only and never in production (SMTP_URL is required there); B's values may appear.
 */
type TExpectation = 'denied' | 'own' | 'public' | 'this machine only';

interface TSweepEntry {
  expect: TExpectation;
  /** A's request, naming B's resources wherever the route takes an id or a user. */
  call(foreign: TForeign): { target: string; body?: unknown };
  /** More to check on A's answer. */
  check?(answer: { status: number; text: string }): void;
}

export const sandboxCheckout = (id: string, action = '') =>
  `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(id)}${action}`;
/** Query parameters naming B, for routes that should ignore them (`email` is a list filter). */
const asUser = (b: TForeign) => `userId=${b.user.userId}&user_id=${b.user.userId}&ownerEmail=${b.user.email}`;
export const jsonOf = (text: string) => JSON.parse(text) as Record<string, unknown>;
/** A route that answers only A's own data, asked with B named in the query (and in a body, if `withBody`). */
const ownNamingB = (path: string, { withBody = false } = {}): TSweepEntry => ({
  expect: 'own',
  call: (b) => ({ target: `${path}?${asUser(b)}`, ...(withBody ? { body: { userId: b.user.userId } } : {}) }),
});

/** One entry per route of the app: a new route without one fails the sweep. */
export const SWEEP: Record<TRouteKey, TSweepEntry> = {
  'GET /metrics': { expect: 'public', call: () => ({ target: '/metrics' }) },
  'GET /dev/mailbox': { expect: 'this machine only', call: () => ({ target: '/dev/mailbox' }) },
  'GET /dev/mailbox.json': { expect: 'this machine only', call: () => ({ target: '/dev/mailbox.json' }) },
  'GET /api/account/health': { expect: 'public', call: () => ({ target: '/api/account/health' }) },
  'GET /api/marketing/health': { expect: 'public', call: () => ({ target: '/api/marketing/health' }) },
  'GET /api/extractor/health': { expect: 'public', call: () => ({ target: '/api/extractor/health' }) },
  'GET /api/database/health': { expect: 'public', call: () => ({ target: '/api/database/health' }) },
  'GET /api/billing/health': { expect: 'public', call: () => ({ target: '/api/billing/health' }) },

  // A duplicate sign-up answers like a new one: nothing of the existing account comes back.
  'POST /api/auth/sign-up/email': {
    expect: 'public',
    call: (b) => ({
      target: '/api/auth/sign-up/email',
      body: {
        email: b.user.email,
        password: 'Str0ng#Pass2',
        firstName: 'Mallory',
        lastName: 'Intruder',
        accountType: 'personal',
        country: 'Italy',
      },
    }),
  },
  'POST /api/auth/sign-in/email': {
    expect: 'denied',
    call: (b) => ({
      target: '/api/auth/sign-in/email',
      body: { email: b.user.email, password: 'Wr0ng#Pass' },
    }),
  },
  'POST /api/auth/sign-out': ownNamingB('/api/auth/sign-out'),
  'GET /api/auth/get-session': ownNamingB('/api/auth/get-session'),
  'GET /api/auth/verify-email': {
    expect: 'public',
    call: (b) => ({ target: `/api/auth/verify-email?token=${b.user.userId}` }),
  },
  'POST /api/auth/send-verification-email': {
    expect: 'public',
    call: (b) => ({ target: '/api/auth/send-verification-email', body: { email: b.user.email } }),
  },
  'POST /api/auth/request-password-reset': {
    expect: 'public',
    call: (b) => ({ target: '/api/auth/request-password-reset', body: { email: b.user.email } }),
  },
  'POST /api/auth/reset-password': {
    expect: 'public',
    call: (b) => ({
      target: '/api/auth/reset-password',
      body: { token: b.user.userId, newPassword: 'Tak3n#Over', userId: b.user.userId },
    }),
  },
  'POST /api/auth/change-password': {
    expect: 'own',
    call: (b) => ({
      target: '/api/auth/change-password',
      // Not A's password: the route must not act on B whatever else the body names.
      body: { currentPassword: 'N0t#Yours1', newPassword: 'Tak3n#Over', userId: b.user.userId },
    }),
  },
  'GET /api/auth/ok': { expect: 'public', call: () => ({ target: '/api/auth/ok' }) },
  'GET /api/auth/error': { expect: 'public', call: () => ({ target: '/api/auth/error?error=x' }) },

  'GET /api/account/profile': ownNamingB('/api/account/profile'),
  'PATCH /api/account/profile': {
    expect: 'own',
    call: (b) => ({
      target: `/api/account/profile?${asUser(b)}`,
      body: {
        userId: b.user.userId,
        firstName: 'Mallory',
        lastName: 'Intruder',
        accountType: 'personal',
        country: 'Italy',
      },
    }),
  },
  'POST /api/account/onboarding': {
    expect: 'own',
    call: (b) => ({
      target: `/api/account/onboarding?${asUser(b)}`,
      body: {
        ...API_ROUTES['POST /api/account/onboarding']?.body,
        userId: b.user.userId,
      },
    }),
  },
  'POST /api/account/onboarding/skip': ownNamingB('/api/account/onboarding/skip', { withBody: true }),
  'DELETE /api/account/me': ownNamingB('/api/account/me', { withBody: true }),
  'GET /api/account/events': ownNamingB('/api/account/events'),
  [`GET ${ACCOUNT_ENDPOINTS.apiKeys.path}`]: ownNamingB(ACCOUNT_ENDPOINTS.apiKeys.path),
  [`POST ${ACCOUNT_ENDPOINTS.apiKeys.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: ACCOUNT_ENDPOINTS.apiKeys.path,
      body: { name: 'A tools', userId: b.user.userId },
    }),
  },
  [`DELETE ${ACCOUNT_ENDPOINTS.revokeApiKey.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(ACCOUNT_ENDPOINTS.revokeApiKey, { id: b.apiKeyId }) }),
  },

  // The public API takes API keys only: A's session cookie opens none of it, let alone B's resources
  // (public-api.test.ts sends A's key at B's resources on every route).
  [`POST ${V1_PATHS.runs}`]: {
    expect: 'denied',
    call: () => ({ target: V1_PATHS.runs, body: { usernames: ['natgeo'] } }),
  },
  'GET /api/v1/runs/:id': {
    expect: 'denied',
    call: (b) => ({ target: V1_PATHS.run.replace(':id', b.runId) }),
  },
  'GET /api/v1/runs/:id/results': {
    expect: 'denied',
    call: (b) => ({ target: V1_PATHS.runResults.replace(':id', b.runId) }),
  },
  [`GET ${V1_PATHS.extractions}`]: {
    expect: 'denied',
    call: (b) => ({ target: `${V1_PATHS.extractions}?${asUser(b)}` }),
  },
  [`GET ${V1_PATHS.exportExtractions}`]: {
    expect: 'denied',
    call: (b) => ({ target: `${V1_PATHS.exportExtractions}?ids=${b.extractionIds[0]}` }),
  },
  'DELETE /api/v1/extractions/:id': {
    expect: 'denied',
    call: (b) => ({ target: V1_PATHS.extraction.replace(':id', b.extractionIds[0] as string) }),
  },
  [`GET ${V1_PATHS.credits}`]: {
    expect: 'denied',
    call: (b) => ({ target: `${V1_PATHS.credits}?${asUser(b)}` }),
  },
  [`GET ${V1_DOCS_PATHS.openapi}`]: { expect: 'public', call: () => ({ target: V1_DOCS_PATHS.openapi }) },
  [`GET ${V1_DOCS_PATHS.page}`]: { expect: 'public', call: () => ({ target: V1_DOCS_PATHS.page }) },
  [`GET ${ACCOUNT_ENDPOINTS.webhooks.path}`]: ownNamingB(ACCOUNT_ENDPOINTS.webhooks.path),
  [`PUT ${ACCOUNT_ENDPOINTS.webhooks.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: `${ACCOUNT_ENDPOINTS.webhooks.path}?${asUser(b)}`,
      body: { url: 'https://93.184.215.14/hooks', userId: b.user.userId },
    }),
  },
  [`DELETE ${ACCOUNT_ENDPOINTS.webhooks.path}`]: ownNamingB(ACCOUNT_ENDPOINTS.webhooks.path, {
    withBody: true,
  }),
  [`POST ${ACCOUNT_ENDPOINTS.rotateWebhookSecret.path}`]: ownNamingB(
    ACCOUNT_ENDPOINTS.rotateWebhookSecret.path,
    { withBody: true },
  ),
  [`GET ${ACCOUNT_ENDPOINTS.webhookDeliveries.path}`]: ownNamingB(ACCOUNT_ENDPOINTS.webhookDeliveries.path),
  // B's ids: none of them names a delivery of A's (another user's delivery is refused alike, see
  // services/account/src/routes/webhooks/webhooks.test.ts).
  [`POST ${ACCOUNT_ENDPOINTS.resendWebhook.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: ACCOUNT_ENDPOINTS.resendWebhook.path.replace(':deliveryId', b.runId) }),
  },

  // Teams: the session's workspace only. B's own membership's id is B's user id (a personal
  // workspace's owner membership is named after its user), so naming it must find nothing.
  [`GET ${TEAM_ENDPOINTS.team.path}`]: ownNamingB(TEAM_ENDPOINTS.team.path),
  [`POST ${TEAM_ENDPOINTS.invite.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: `${TEAM_ENDPOINTS.invite.path}?${asUser(b)}`,
      body: { email: 'colleague@example.com', role: 'member', organizationId: b.user.userId },
    }),
  },
  [`DELETE ${TEAM_ENDPOINTS.revokeInvitation.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: TEAM_ENDPOINTS.revokeInvitation.path.replace(':id', b.runId) }),
  },
  [`PATCH ${TEAM_ENDPOINTS.changeRole.path}`]: {
    expect: 'denied',
    call: (b) => ({
      target: TEAM_ENDPOINTS.changeRole.path.replace(':memberId', b.user.userId),
      body: { role: 'member' },
    }),
  },
  [`DELETE ${TEAM_ENDPOINTS.removeMember.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: TEAM_ENDPOINTS.removeMember.path.replace(':memberId', b.user.userId) }),
  },
  [`POST ${TEAM_ENDPOINTS.leave.path}`]: ownNamingB(TEAM_ENDPOINTS.leave.path, { withBody: true }),
  [`GET ${TEAM_ENDPOINTS.invitation.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: TEAM_ENDPOINTS.invitation.path.replace(':id', b.user.userId) }),
  },
  [`POST ${TEAM_ENDPOINTS.acceptInvitation.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: TEAM_ENDPOINTS.acceptInvitation.path.replace(':id', b.runId) }),
  },
  [`GET ${TEAM_ENDPOINTS.workspaces.path}`]: ownNamingB(TEAM_ENDPOINTS.workspaces.path),
  // B's personal workspace (its id is B's user id): A is no member of it, so switching to it is refused.
  [`PUT ${TEAM_ENDPOINTS.switchWorkspace.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: TEAM_ENDPOINTS.switchWorkspace.path, body: { workspaceId: b.user.userId } }),
  },
  [`GET ${BILLING_ENDPOINTS.myUsage.path}`]: ownNamingB(BILLING_ENDPOINTS.myUsage.path),
  [`GET ${BILLING_ENDPOINTS.memberUsage.path}`]: ownNamingB(BILLING_ENDPOINTS.memberUsage.path),
  // B is no member of A's workspace: a limit on B is refused, and B's own limits are out of reach.
  [`PUT ${BILLING_ENDPOINTS.setMemberLimit.path}`]: {
    expect: 'denied',
    call: (b) => ({
      target: BILLING_ENDPOINTS.setMemberLimit.path.replace(':memberId', b.user.userId),
      body: { monthlyLimit: 0 },
    }),
  },
  [`DELETE ${BILLING_ENDPOINTS.clearMemberLimit.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: BILLING_ENDPOINTS.clearMemberLimit.path.replace(':memberId', b.user.userId) }),
  },

  [`GET ${MARKETING_PATHS.plans}`]: { expect: 'public', call: () => ({ target: MARKETING_PATHS.plans }) },
  [`POST ${MARKETING_PATHS.consents}`]: {
    expect: 'public',
    call: () => ({
      target: MARKETING_PATHS.consents,
      body: { anonymousId: crypto.randomUUID(), flags: NECESSARY_ONLY, policyVersion: '2026-11-24' },
    }),
  },
  // The opt-out holds no one's data and answers the same for everyone (an unsolved proof is refused).
  [`GET ${OPT_OUT_PATHS.challenge}`]: { expect: 'public', call: () => ({ target: OPT_OUT_PATHS.challenge }) },
  [`POST ${OPT_OUT_PATHS.optOut}`]: {
    expect: 'public',
    call: (b) => ({
      target: OPT_OUT_PATHS.optOut,
      body: { username: 'natgeo', email: b.user.email, challenge: 'x.y.z', nonce: '0' },
    }),
  },
  [`POST ${OPT_OUT_PATHS.access}`]: {
    expect: 'public',
    call: () => ({
      target: OPT_OUT_PATHS.access,
      body: { username: 'natgeo', challenge: 'x.y.z', nonce: '0' },
    }),
  },
  // Confirmations name a request, never a customer: a token not made with the key confirms nothing.
  [`POST ${OPT_OUT_PATHS.confirm}`]: {
    expect: 'public',
    call: () => ({ target: OPT_OUT_PATHS.confirm, body: { token: 'x.y.z' } }),
  },
  [`POST ${OPT_OUT_PATHS.bioCheck}`]: {
    expect: 'public',
    call: () => ({
      target: OPT_OUT_PATHS.bioCheck,
      body: { requestId: crypto.randomUUID(), username: 'natgeo' },
    }),
  },

  [`POST ${EXTRACTOR_PATHS.runs}`]: {
    expect: 'own',
    call: (b) => ({
      target: EXTRACTOR_PATHS.runs,
      body: { usernames: ['nasa'], source: 'single', userId: b.user.userId, runId: b.runId },
    }),
  },
  [`GET ${EXTRACTOR_PATHS.runs}`]: {
    expect: 'own',
    call: (b) => ({ target: `${EXTRACTOR_PATHS.runs}?${asUser(b)}` }),
  },
  [`GET ${EXTRACTOR_PATHS.run}`]: {
    expect: 'denied',
    call: (b) => ({ target: EXTRACTOR_PATHS.run.replace(':runId', b.runId) }),
  },
  [`POST ${EXTRACTOR_PATHS.cancelRun}`]: {
    expect: 'denied',
    call: (b) => ({ target: EXTRACTOR_PATHS.cancelRun.replace(':runId', b.runId) }),
  },
  [`GET ${EXTRACTOR_PATHS.events}`]: {
    expect: 'own',
    call: (b) => ({ target: `${EXTRACTOR_PATHS.events}?${asUser(b)}&runId=${b.runId}` }),
  },
  [`GET ${EXTRACTOR_PATHS.provider}`]: { expect: 'own', call: () => ({ target: EXTRACTOR_PATHS.provider }) },
  [`POST ${EXTRACTOR_PATHS.search}`]: {
    expect: 'own',
    call: (b) => ({ target: EXTRACTOR_PATHS.search, body: { keyword: 'travel', userId: b.user.userId } }),
  },
  [`POST ${EXTRACTOR_PATHS.accountLists}`]: {
    expect: 'own',
    call: (b) => ({
      target: EXTRACTOR_PATHS.accountLists,
      body: { kind: 'followers', target: 'natgeo', userId: b.user.userId },
    }),
  },
  [`POST ${EXTRACTOR_PATHS.similar}`]: {
    expect: 'own',
    call: (b) => ({ target: EXTRACTOR_PATHS.similar, body: { username: 'natgeo', userId: b.user.userId } }),
  },
  // Sandbox pictures are drawn from a public username; no user's data is involved.
  'GET /api/extractor/avatars/:key': {
    expect: 'public',
    call: () => ({ target: '/api/extractor/avatars/sandbox.natgeo' }),
  },

  [`GET ${DATABASE_ENDPOINTS.stats.path}`]: ownNamingB(DATABASE_ENDPOINTS.stats.path),
  [`GET ${DATABASE_ENDPOINTS.optOutRemovals.path}`]: ownNamingB(DATABASE_ENDPOINTS.optOutRemovals.path),
  [`GET ${DATABASE_ENDPOINTS.list.path}`]: {
    expect: 'own',
    // A extracts other accounts than B's "natgeo".
    call: (b) => ({ target: `${DATABASE_ENDPOINTS.list.path}?${asUser(b)}&q=natgeo` }),
    check: ({ text }) => expect(jsonOf(text)).toMatchObject({ items: [], total: 0 }),
  },
  [`GET ${DATABASE_ENDPOINTS.exportCsv.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: `${DATABASE_ENDPOINTS.exportCsv.path}?${asUser(b)}&${b.extractionIds.map((id) => `ids=${id}`).join('&')}`,
    }),
    // The header line only: none of B's rows.
    check: ({ status, text }) => {
      if (status === 200) expect(text.trim().split('\n')).toHaveLength(1);
    },
  },
  [`POST ${DATABASE_ENDPOINTS.deleteMany.path}`]: {
    expect: 'own',
    call: (b) => ({ target: DATABASE_ENDPOINTS.deleteMany.path, body: { ids: b.extractionIds } }),
    check: ({ status, text }) => {
      if (status === 200) expect(jsonOf(text)).toEqual({ deleted: 0 });
    },
  },
  [`GET ${DATABASE_ENDPOINTS.categories.path}`]: ownNamingB(DATABASE_ENDPOINTS.categories.path),
  [`GET ${DATABASE_ENDPOINTS.get.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.get, { id: b.extractionIds[0] as string }) }),
  },
  [`DELETE ${DATABASE_ENDPOINTS.get.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.get, { id: b.extractionIds[0] as string }) }),
  },
  // A re-check of B's record would use B's day and could refund B's credit.
  [`POST ${DATABASE_ENDPOINTS.recheck.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.recheck, { id: b.extractionIds[0] as string }) }),
  },
  [`GET ${DATABASE_ENDPOINTS.leadLists.path}`]: ownNamingB(DATABASE_ENDPOINTS.leadLists.path),
  // A's own new list: B's name is free for A (names are unique per user).
  [`POST ${DATABASE_ENDPOINTS.leadLists.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: DATABASE_ENDPOINTS.leadLists.path,
      body: { name: `A's list ${b.listId.slice(0, 4)}` },
    }),
  },
  [`GET ${DATABASE_ENDPOINTS.leadList.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.leadList, { listId: b.listId }) }),
  },
  [`PATCH ${DATABASE_ENDPOINTS.leadList.path}`]: {
    expect: 'denied',
    call: (b) => ({
      target: endpointPath(DATABASE_ENDPOINTS.leadList, { listId: b.listId }),
      body: { name: 'Taken over' },
    }),
  },
  [`DELETE ${DATABASE_ENDPOINTS.leadList.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.leadList, { listId: b.listId }) }),
  },
  [`GET ${DATABASE_ENDPOINTS.leadListMembers.path}`]: {
    expect: 'denied',
    call: (b) => ({ target: endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: b.listId }) }),
  },
  [`POST ${DATABASE_ENDPOINTS.leadListMembers.path}`]: {
    expect: 'denied',
    call: (b) => ({
      target: endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: b.listId }),
      body: { ids: b.extractionIds },
    }),
  },
  [`POST ${DATABASE_ENDPOINTS.removeLeadListMembers.path}`]: {
    expect: 'denied',
    call: (b) => ({
      target: endpointPath(DATABASE_ENDPOINTS.removeLeadListMembers, { listId: b.listId }),
      body: { ids: b.extractionIds },
    }),
  },

  [`GET ${BILLING_ENDPOINTS.credits.path}`]: ownNamingB(BILLING_ENDPOINTS.credits.path),
  [`GET ${BILLING_ENDPOINTS.invoices.path}`]: ownNamingB(BILLING_ENDPOINTS.invoices.path),
  [`GET ${BILLING_ENDPOINTS.creditHistory.path}`]: ownNamingB(BILLING_ENDPOINTS.creditHistory.path),
  [`POST ${BILLING_ENDPOINTS.checkout.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: BILLING_ENDPOINTS.checkout.path,
      body: { planId: 'package_1', userId: b.user.userId },
    }),
  },
  // A's own subscription decides (A has none: refused); B's user id in the body is ignored.
  [`POST ${BILLING_ENDPOINTS.topUp.path}`]: {
    expect: 'own',
    call: (b) => ({
      target: BILLING_ENDPOINTS.topUp.path,
      body: { packId: 'credits_1000', userId: b.user.userId },
    }),
  },
  [`GET ${BILLING_ENDPOINTS.subscription.path}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_ENDPOINTS.subscription.path}?${asUser(b)}` }),
    check: ({ text }) => expect(jsonOf(text)).toMatchObject({ subscribed: false, subscription_plan: 'none' }),
  },
  [`POST ${BILLING_ENDPOINTS.cancel.path}`]: ownNamingB(BILLING_ENDPOINTS.cancel.path, { withBody: true }),
  [`POST ${BILLING_ENDPOINTS.reactivate.path}`]: ownNamingB(BILLING_ENDPOINTS.reactivate.path, {
    withBody: true,
  }),
  // Unsigned, an event about B's subscription is refused like any other.
  [`POST ${BILLING_ENDPOINTS.stripeWebhook.path}`]: {
    expect: 'public',
    call: (b) => ({
      target: BILLING_ENDPOINTS.stripeWebhook.path,
      body: {
        id: 'evt_forged',
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_forged', metadata: { userId: b.user.userId } } },
      },
    }),
    check: ({ status }) => expect(status).toBeGreaterThanOrEqual(400),
  },
  [`GET ${SANDBOX_CHECKOUT_PATH}/:sessionId`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId) }),
  },
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/pay`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId, '/pay') }),
  },
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/cancel`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId, '/cancel') }),
  },
  // Resending B's paid checkout's events would be harmless (they grant once), but it is B's.
  [`POST ${SANDBOX_CHECKOUT_PATH}/:sessionId/resend-events`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.paidCheckoutId, '/resend-events') }),
  },
};
