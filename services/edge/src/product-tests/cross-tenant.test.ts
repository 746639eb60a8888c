import {
  ACCOUNT_ENDPOINTS,
  BILLING_ENDPOINTS,
  DATABASE_ENDPOINTS,
  EXTRACTOR_PATHS,
  endpointPath,
  TRIAL_CREDITS,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignedUpUser } from '../../bench/sign-up-user.ts';
import { cookiesOf, startComposedApp, type TComposedApp, type TRouteKey } from '../testing/_composed-app.ts';
import { eventually } from '../testing/_factories.ts';
import { API_ROUTES, methodOf } from './_api-routes.ts';
import { jsonOf, SWEEP, sandboxCheckout, type TForeign } from './_cross-tenant-sweep.ts';

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
      const credits = jsonOf((await call(user, 'GET', BILLING_ENDPOINTS.credits.path)).text);
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
      const page = jsonOf((await call(user, 'GET', DATABASE_ENDPOINTS.list.path)).text) as {
        items?: Array<{ id: string }>;
      };
      return page.items?.length ? page.items.map((item) => item.id) : undefined;
    }, "B's saved extraction");
    const list = await call(user, 'POST', DATABASE_ENDPOINTS.leadLists.path, { name: `B's leads ${tag}` });
    expect(list.status, list.text).toBe(201);
    const listId = jsonOf(list.text).id as string;
    const added = await call(user, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId }), {
      ids: extractionIds,
    });
    expect(added.status, added.text).toBe(200);

    const checkoutId = async (planId: string) => {
      const checkout = await call(user, 'POST', BILLING_ENDPOINTS.checkout.path, { planId });
      expect(checkout.status, checkout.text).toBe(200);
      return new URL(jsonOf(checkout.text).url as string, app.url).pathname.split('/').pop() as string;
    };
    const paidCheckoutId = await checkoutId('package_1');
    const paid = await call(user, 'POST', sandboxCheckout(paidCheckoutId, '/pay'));
    expect(paid.status, paid.text).toBe(303);
    // The plan's credits and the profile's plan arrive by events, after the subscription.
    await eventually(async () => {
      const subscription = jsonOf((await call(user, 'GET', BILLING_ENDPOINTS.subscription.path)).text);
      const credits = jsonOf((await call(user, 'GET', BILLING_ENDPOINTS.credits.path)).text);
      const profile = jsonOf((await call(user, 'GET', '/api/account/profile')).text);
      return subscription.subscribed === true &&
        (credits.balance as number) > TRIAL_CREDITS &&
        profile.subscriptionStatus === 'active'
        ? true
        : undefined;
    }, "B's subscription");
    const openCheckoutId = await checkoutId('package_2');
    const apiKey = await call(user, 'POST', ACCOUNT_ENDPOINTS.apiKeys.path, { name: 'B tools' });
    expect(apiKey.status, apiKey.text).toBe(201);
    const apiKeyId = (jsonOf(apiKey.text).key as { id: string }).id;
    return { user, runId, itemIds, extractionIds, listId, openCheckoutId, paidCheckoutId, apiKeyId };
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
      extractions: await read(DATABASE_ENDPOINTS.list.path),
      lists: await read(DATABASE_ENDPOINTS.leadLists.path),
      list: await read(endpointPath(DATABASE_ENDPOINTS.leadList, { listId: foreign.listId })),
      listMembers: await read(endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: foreign.listId })),
      subscription: await read(BILLING_ENDPOINTS.subscription.path),
      credits: await read(BILLING_ENDPOINTS.credits.path),
      openCheckout: (await call(foreign.user, 'GET', sandboxCheckout(foreign.openCheckoutId))).status,
      session: await read('/api/auth/get-session'),
      apiKeys: (await read(ACCOUNT_ENDPOINTS.apiKeys.path)).body.replace(/"lastUsedAt":[^,}]*/g, ''),
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
      b.listId,
      b.openCheckoutId,
      b.paidCheckoutId,
      b.apiKeyId,
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
