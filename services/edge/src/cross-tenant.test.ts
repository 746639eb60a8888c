import {
  BILLING_PATHS,
  DATABASE_PATHS,
  EXTRACTOR_PATHS,
  extractionPath,
  MARKETING_PATHS,
  NECESSARY_ONLY,
  TRIAL_CREDITS,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignedUpUser } from '../bench/sign-up-user.ts';
import { API_ROUTES, methodOf } from './_api-routes.ts';
import { cookiesOf, startComposedApp, type TComposedApp, type TRouteKey } from './_composed-app.ts';

/** What user B owns, which user A tries to reach. */
interface TForeign {
  user: TSignedUpUser & { userId: string; firstName: string; lastName: string; companyName: string };
  runId: string;
  itemIds: string[];
  extractionIds: string[];
  /** A checkout B opened and has not paid. */
  openCheckoutId: string;
  /** The checkout B paid (B's subscription). */
  paidCheckoutId: string;
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

const sandboxCheckout = (id: string, action = '') =>
  `${BILLING_PATHS.sandboxCheckout}/${encodeURIComponent(id)}${action}`;
/** Query parameters naming B, for routes that should ignore them (`email` is a list filter). */
const asUser = (b: TForeign) => `userId=${b.user.userId}&user_id=${b.user.userId}&ownerEmail=${b.user.email}`;
const jsonOf = (text: string) => JSON.parse(text) as Record<string, unknown>;

/** One entry per route of the app: a new route without one fails the sweep. */
const SWEEP: Record<TRouteKey, TSweepEntry> = {
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
  'POST /api/auth/sign-out': { expect: 'own', call: (b) => ({ target: `/api/auth/sign-out?${asUser(b)}` }) },
  'GET /api/auth/get-session': {
    expect: 'own',
    call: (b) => ({ target: `/api/auth/get-session?${asUser(b)}` }),
  },
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

  'GET /api/account/profile': {
    expect: 'own',
    call: (b) => ({ target: `/api/account/profile?${asUser(b)}` }),
  },
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
  'POST /api/account/onboarding/skip': {
    expect: 'own',
    call: (b) => ({ target: `/api/account/onboarding/skip?${asUser(b)}`, body: { userId: b.user.userId } }),
  },
  'DELETE /api/account/me': {
    expect: 'own',
    call: (b) => ({ target: `/api/account/me?${asUser(b)}`, body: { userId: b.user.userId } }),
  },
  'GET /api/account/events': { expect: 'own', call: (b) => ({ target: `/api/account/events?${asUser(b)}` }) },

  [`GET ${MARKETING_PATHS.plans}`]: { expect: 'public', call: () => ({ target: MARKETING_PATHS.plans }) },
  [`POST ${MARKETING_PATHS.consents}`]: {
    expect: 'public',
    call: () => ({
      target: MARKETING_PATHS.consents,
      body: { anonymousId: crypto.randomUUID(), flags: NECESSARY_ONLY, policyVersion: '2026-11-24' },
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
  [`POST ${EXTRACTOR_PATHS.similar}`]: {
    expect: 'own',
    call: (b) => ({ target: EXTRACTOR_PATHS.similar, body: { username: 'natgeo', userId: b.user.userId } }),
  },
  // Sandbox pictures are drawn from a public username; no user's data is involved.
  'GET /api/extractor/avatars/:key': {
    expect: 'public',
    call: () => ({ target: '/api/extractor/avatars/sandbox.natgeo' }),
  },

  [`GET ${DATABASE_PATHS.stats}`]: {
    expect: 'own',
    call: (b) => ({ target: `${DATABASE_PATHS.stats}?${asUser(b)}` }),
  },
  [`GET ${DATABASE_PATHS.extractions}`]: {
    expect: 'own',
    // A extracts other accounts than B's "natgeo".
    call: (b) => ({ target: `${DATABASE_PATHS.extractions}?${asUser(b)}&q=natgeo` }),
    check: ({ text }) => expect(jsonOf(text)).toMatchObject({ items: [], total: 0 }),
  },
  [`GET ${DATABASE_PATHS.exportExtractions}`]: {
    expect: 'own',
    call: (b) => ({
      target: `${DATABASE_PATHS.exportExtractions}?${asUser(b)}&${b.extractionIds.map((id) => `ids=${id}`).join('&')}`,
    }),
    // The header line only: none of B's rows.
    check: ({ status, text }) => {
      if (status === 200) expect(text.trim().split('\n')).toHaveLength(1);
    },
  },
  [`POST ${DATABASE_PATHS.deleteExtractions}`]: {
    expect: 'own',
    call: (b) => ({ target: DATABASE_PATHS.deleteExtractions, body: { ids: b.extractionIds } }),
    check: ({ status, text }) => {
      if (status === 200) expect(jsonOf(text)).toEqual({ deleted: 0 });
    },
  },
  [`GET ${DATABASE_PATHS.categories}`]: {
    expect: 'own',
    call: (b) => ({ target: `${DATABASE_PATHS.categories}?${asUser(b)}` }),
  },
  [`GET ${DATABASE_PATHS.extraction}`]: {
    expect: 'denied',
    call: (b) => ({ target: extractionPath(b.extractionIds[0] as string) }),
  },
  [`DELETE ${DATABASE_PATHS.extraction}`]: {
    expect: 'denied',
    call: (b) => ({ target: extractionPath(b.extractionIds[0] as string) }),
  },

  [`GET ${BILLING_PATHS.credits}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_PATHS.credits}?${asUser(b)}` }),
  },
  [`GET ${BILLING_PATHS.creditHistory}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_PATHS.creditHistory}?${asUser(b)}` }),
  },
  [`POST ${BILLING_PATHS.checkout}`]: {
    expect: 'own',
    call: (b) => ({ target: BILLING_PATHS.checkout, body: { planId: 'package_1', userId: b.user.userId } }),
  },
  [`GET ${BILLING_PATHS.subscription}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_PATHS.subscription}?${asUser(b)}` }),
    check: ({ text }) => expect(jsonOf(text)).toMatchObject({ subscribed: false, subscription_plan: 'none' }),
  },
  [`POST ${BILLING_PATHS.cancel}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_PATHS.cancel}?${asUser(b)}`, body: { userId: b.user.userId } }),
  },
  [`POST ${BILLING_PATHS.reactivate}`]: {
    expect: 'own',
    call: (b) => ({ target: `${BILLING_PATHS.reactivate}?${asUser(b)}`, body: { userId: b.user.userId } }),
  },
  // Unsigned, an event about B's subscription is refused like any other.
  [`POST ${BILLING_PATHS.stripeWebhook}`]: {
    expect: 'public',
    call: (b) => ({
      target: BILLING_PATHS.stripeWebhook,
      body: {
        id: 'evt_forged',
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_forged', metadata: { userId: b.user.userId } } },
      },
    }),
    check: ({ status }) => expect(status).toBeGreaterThanOrEqual(400),
  },
  [`GET ${BILLING_PATHS.sandboxCheckout}/:sessionId`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId) }),
  },
  [`POST ${BILLING_PATHS.sandboxCheckout}/:sessionId/pay`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId, '/pay') }),
  },
  [`POST ${BILLING_PATHS.sandboxCheckout}/:sessionId/cancel`]: {
    expect: 'denied',
    call: (b) => ({ target: sandboxCheckout(b.openCheckoutId, '/cancel') }),
  },
};

/** Polls `read` until it returns a value, for up to 30 s. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('cross-tenant sweep over every route of the composed app (real PostgreSQL)', () => {
  let app: TComposedApp;
  let a: TSignedUpUser;
  let b: TForeign;

  /** A request as `user`'s browser would send it; JSON in, text out. */
  async function call(
    user: Pick<TSignedUpUser, 'cookie'>,
    method: string,
    target: string,
    body?: unknown,
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const unsafe = method !== 'GET';
    const response = await fetch(`${app.url}${target}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: user.cookie,
        ...(unsafe ? { origin: app.url } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.headers.get('content-type')?.includes('text/event-stream')) {
      return { status: response.status, text: await readStream(response, 1_500), headers: response.headers };
    }
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  /** What an event stream sends within `ms` (its first events, where another user's would show). */
  async function readStream(response: Response, ms: number): Promise<string> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const timer = setTimeout(() => void reader.cancel(), ms);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Cancelled at the deadline.
    } finally {
      clearTimeout(timer);
    }
    return text;
  }

  async function createForeignResources(): Promise<TForeign> {
    const tag = crypto.randomUUID().slice(0, 8);
    const names = {
      firstName: `Brunhilde${tag}`,
      lastName: `Tenantson${tag}`,
      companyName: `Foreign${tag} Ltd`,
    };
    const signedUp = await app.signUp({ label: `tenant-b-${tag}`, ...names });
    const profile = jsonOf((await call(signedUp, 'GET', '/api/account/profile')).text);
    const user = { ...signedUp, ...names, userId: profile.userId as string };
    // The trial's credits arrive by event, a moment after sign-up.
    await eventually(async () => {
      const credits = jsonOf((await call(user, 'GET', BILLING_PATHS.credits)).text);
      return (credits.available as number) > 0 ? true : undefined;
    }, "B's trial credits");

    const started = await call(user, 'POST', EXTRACTOR_PATHS.runs, {
      usernames: ['natgeo'],
      source: 'single',
    });
    expect(started.status, started.text).toBe(202);
    const runId = (jsonOf(started.text).run as { id: string }).id;
    const itemIds = await eventually(async () => {
      const detail = jsonOf((await call(user, 'GET', EXTRACTOR_PATHS.run.replace(':runId', runId))).text);
      const run = (detail.run ?? detail) as { status: string };
      const items = (detail.items ?? []) as Array<{ id: string }>;
      return run.status === 'completed' ? items.map((item) => item.id) : undefined;
    }, "B's run");
    const extractionIds = await eventually(async () => {
      const page = jsonOf((await call(user, 'GET', DATABASE_PATHS.extractions)).text) as {
        items?: Array<{ id: string }>;
      };
      return page.items?.length ? page.items.map((item) => item.id) : undefined;
    }, "B's saved extraction");

    const checkoutId = async (planId: string) => {
      const checkout = await call(user, 'POST', BILLING_PATHS.checkout, { planId });
      expect(checkout.status, checkout.text).toBe(200);
      return new URL(jsonOf(checkout.text).url as string, app.url).pathname.split('/').pop() as string;
    };
    const paidCheckoutId = await checkoutId('package_1');
    const paid = await call(user, 'POST', sandboxCheckout(paidCheckoutId, '/pay'));
    expect(paid.status, paid.text).toBe(303);
    // The plan's credits and the profile's plan arrive by events, after the subscription.
    await eventually(async () => {
      const subscription = jsonOf((await call(user, 'GET', BILLING_PATHS.subscription)).text);
      const credits = jsonOf((await call(user, 'GET', BILLING_PATHS.credits)).text);
      const profile = jsonOf((await call(user, 'GET', '/api/account/profile')).text);
      return subscription.subscribed === true &&
        (credits.balance as number) > TRIAL_CREDITS &&
        profile.subscriptionStatus === 'active'
        ? true
        : undefined;
    }, "B's subscription");
    const openCheckoutId = await checkoutId('package_2');
    return { user, runId, itemIds, extractionIds, openCheckoutId, paidCheckoutId };
  }

  /** Everything of B's that B can see, to compare before and after A's sweep. */
  async function stateOf(foreign: TForeign) {
    const read = async (target: string) => {
      const answer = await call(foreign.user, 'GET', target);
      return { status: answer.status, body: answer.text.replace(/"(updatedAt|trialDaysLeft)":[^,}]*/g, '') };
    };
    return {
      profile: await read('/api/account/profile'),
      run: await read(EXTRACTOR_PATHS.run.replace(':runId', foreign.runId)),
      extractions: await read(DATABASE_PATHS.extractions),
      subscription: await read(BILLING_PATHS.subscription),
      credits: await read(BILLING_PATHS.credits),
      openCheckout: (await call(foreign.user, 'GET', sandboxCheckout(foreign.openCheckoutId))).status,
      session: await read('/api/auth/get-session'),
    };
  }

  /** B's state once nothing is still arriving by event: two reads in a row agree. */
  async function settledStateOf(foreign: TForeign) {
    let previous = JSON.stringify(await stateOf(foreign));
    return eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const current = await stateOf(foreign);
      const same = JSON.stringify(current) === previous;
      previous = JSON.stringify(current);
      return same ? current : undefined;
    }, "B's state settling");
  }

  beforeAll(async () => {
    app = await startComposedApp('cross-tenant');
    a = await app.signUp({ label: 'tenant-a' });
    b = await createForeignResources();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('has a sweep entry for every route the app answers, and only those', () => {
    const swept = Object.keys(SWEEP);
    expect(app.routeKeys.filter((route) => !swept.includes(route))).toEqual([]);
    expect(swept.filter((route) => !app.routeKeys.includes(route as TRouteKey))).toEqual([]);
  });

  it("never gives user A user B's data, whatever ids and users A names, and leaves B's data as it was", async () => {
    const before = await settledStateOf(b);
    const secrets = [
      b.user.email,
      b.user.userId,
      b.user.firstName,
      b.user.lastName,
      b.user.companyName,
      b.runId,
      ...b.itemIds,
      ...b.extractionIds,
      b.openCheckoutId,
      b.paidCheckoutId,
    ];
    // Routes that end A's session (or A) go last, each followed by a fresh sign-in.
    const routes = [...app.routeKeys].sort(
      (x, y) => Number(Boolean(API_ROUTES[x]?.endsSession)) - Number(Boolean(API_ROUTES[y]?.endsSession)),
    );
    const problems: string[] = [];
    let denied = 0;
    for (const route of routes) {
      const entry = SWEEP[route];
      if (!entry) continue;
      const request = entry.call(b);
      const answer = await call(a, methodOf(route), request.target, request.body);
      const sent = `${request.target} ${JSON.stringify(request.body ?? '')}`;
      const label = `${route} (${entry.expect}) → ${answer.status}`;
      if (answer.status >= 500) problems.push(`${label}: ${answer.text.slice(0, 200)}`);
      if (entry.expect === 'denied') {
        denied += 1;
        if (![401, 403, 404].includes(answer.status)) problems.push(`${label}: not refused`);
      }
      if (entry.expect !== 'this machine only') {
        // A value A itself sent may be echoed back; any other of B's values is a leak.
        const leaked = secrets.filter((secret) => !sent.includes(secret) && answer.text.includes(secret));
        if (leaked.length) problems.push(`${label}: answer holds B's ${leaked.join(', ')}`);
      }
      try {
        entry.check?.(answer);
      } catch (error) {
        problems.push(`${label}: ${(error as Error).message}`);
      }
      if (API_ROUTES[route]?.endsSession) {
        const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin: app.url, 'content-type': 'application/json' },
          body: JSON.stringify({ email: a.email, password: a.password }),
        });
        await signIn.body?.cancel();
        if (signIn.ok) a = { ...a, cookie: cookiesOf(signIn) };
      }
    }
    console.log(
      `cross-tenant sweep: ${routes.length} routes, ${denied} refused B's resources, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    expect(await settledStateOf(b)).toEqual(before);
  }, 180_000);

  it("never streams B's live events to A, while B's own stream carries them", async () => {
    // A second user of A's side: the sweep above ends with A erasing their own account.
    const watcher = await app.signUp({ label: 'tenant-a-watcher' });
    const streamOf = (user: Pick<TSignedUpUser, 'cookie'>, target: string) =>
      fetch(`${app.url}${target}`, { headers: { cookie: user.cookie, accept: 'text/event-stream' } });
    const streams = await Promise.all([
      streamOf(watcher, '/api/account/events'),
      streamOf(watcher, EXTRACTOR_PATHS.events),
      streamOf(b.user, '/api/account/events'),
      streamOf(b.user, EXTRACTOR_PATHS.events),
    ]);
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    const reading = Promise.all(streams.map((stream) => readStream(stream, 4_000)));
    // B changes their profile and starts a run while everyone listens.
    const renamed = `Renamed${crypto.randomUUID().slice(0, 8)}`;
    const patched = await call(b.user, 'PATCH', '/api/account/profile', {
      firstName: renamed,
      lastName: b.user.lastName,
      accountType: 'business',
      companyName: b.user.companyName,
      country: 'Italy',
    });
    expect(patched.status, patched.text).toBe(200);
    const started = await call(b.user, 'POST', EXTRACTOR_PATHS.runs, {
      usernames: ['nasa'],
      source: 'single',
    });
    expect(started.status, started.text).toBe(202);
    const newRunId = (jsonOf(started.text).run as { id: string }).id;
    const [watcherAccount, watcherRuns, ownAccount, ownRuns] = await reading;
    expect(ownAccount).toContain(renamed);
    expect(ownRuns).toContain(newRunId);
    for (const secret of [renamed, newRunId, b.user.userId, b.user.email, b.runId]) {
      expect(watcherAccount).not.toContain(secret);
      expect(watcherRuns).not.toContain(secret);
    }
  });
});
