import { BILLING_ENDPOINTS, SANDBOX_CHECKOUT_PATH, TRIAL_EXPIRED_MESSAGE } from '@prospector/contracts';
import { createDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignedUpUser } from '../../bench/sign-up-user.ts';
import { startComposedApp, type TComposedApp, type TRouteKey } from '../testing/_composed-app.ts';
import { eventually } from '../testing/_factories.ts';
import { API_ROUTES } from './_api-routes.ts';
import { sendRaw, validCaseFor } from './_hostile-cases.ts';

const isTrialExpiredAnswer = ({ status, text }: { status: number; text: string }) =>
  status === 402 && text.includes('"TRIAL_EXPIRED"');

/**
 * docs/product.md §6 "Gating" on the server: the composed app as `pnpm start` runs it (real account,
 * billing, extractor and database services, in-process bus, sandbox provider and payments). Every
 * route is called with a valid request by a user whose trial is over; exactly the routes marked
 * `paywalled` in `_api-routes.ts` must refuse with 402 TRIAL_EXPIRED, and let a user in the trial and
 * a subscriber whose trial is over through.
 */
describe('the paywall over every route of the composed app (real PostgreSQL)', () => {
  let app: TComposedApp;
  let expired: TSignedUpUser;
  let inTrial: TSignedUpUser;
  let subscribed: TSignedUpUser;
  const paywalled = Object.entries(API_ROUTES)
    .filter(([, route]) => route.paywalled)
    .map(([key]) => key)
    .sort();

  const json = async (user: TSignedUpUser, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: user.cookie,
        ...(method === 'GET' ? {} : { origin: app.url, 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };

  /** Moves the user's trial start back 16 days, as if they signed up then. */
  async function expireTrial(user: TSignedUpUser) {
    const database = createDatabase({ url: app.databaseUrl, schemaName: 'account', max: 1 });
    try {
      const rows = await database.sql`
        update account.profiles set trial_started_at = now() - interval '16 days'
        where email = ${user.email} returning user_id`;
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
    expect((await json(user, 'GET', '/api/account/profile')).body).toMatchObject({ trialExpired: true });
  }

  /** Buys a plan through the sandbox checkout and waits for the profile to show it. */
  async function subscribe(user: TSignedUpUser) {
    const checkout = await json(user, 'POST', BILLING_ENDPOINTS.checkout.path, { planId: 'package_1' });
    expect(checkout.status).toBe(200);
    const sessionId = new URL(checkout.body.url as string, app.url).pathname.split('/').pop() as string;
    const paid = await fetch(`${app.url}${SANDBOX_CHECKOUT_PATH}/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.cookie, origin: app.url },
    });
    expect(paid.status).toBe(303);
    await eventually(async () => {
      const profile = await json(user, 'GET', '/api/account/profile');
      return profile.body.subscriptionStatus === 'active' ? true : undefined;
    }, 'the subscription reaching the profile');
  }

  /** A valid request to `route` as `user`. */
  const callAs = (user: TSignedUpUser, route: TRouteKey) =>
    sendRaw(app.url, validCaseFor(route, app.url), user.cookie);

  beforeAll(async () => {
    app = await startComposedApp('paywall');
    [expired, inTrial, subscribed] = await Promise.all([
      app.signUp({ label: 'paywall-expired' }),
      app.signUp({ label: 'paywall-in-trial' }),
      app.signUp({ label: 'paywall-subscribed' }),
    ]);
    await subscribe(subscribed);
    await expireTrial(expired);
    await expireTrial(subscribed);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('marks the routes that spend credits or search: starting runs, keyword search, similar accounts, lists', () => {
    expect(paywalled).toEqual(
      [
        'POST /api/extractor/runs',
        'POST /api/extractor/search',
        'POST /api/extractor/similar',
        'POST /api/extractor/account-lists',
      ].sort(),
    );
  });

  it('refuses an expired trial on exactly the paywalled routes, with 402 and the trial-expired text', async () => {
    // Routes that end the session go unswept here: none of them spends or searches.
    const routes = app.routeKeys.filter((route) => !API_ROUTES[route]?.endsSession);
    expect(routes.filter((route) => API_ROUTES[route]?.endsSession && API_ROUTES[route]?.paywalled)).toEqual(
      [],
    );
    const refused: string[] = [];
    for (const route of routes) {
      const answer = await callAs(expired, route);
      expect(answer.status, `${route}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      if (isTrialExpiredAnswer(answer)) {
        refused.push(route);
        expect(JSON.parse(answer.text)).toEqual({
          error: { code: 'TRIAL_EXPIRED', message: TRIAL_EXPIRED_MESSAGE },
        });
      }
    }
    expect(refused.sort()).toEqual(paywalled);
    // Nothing was held or spent.
    expect((await json(expired, 'GET', BILLING_ENDPOINTS.credits.path)).body).toMatchObject({
      balance: 25,
      held: 0,
    });
  }, 120_000);

  it('lets a user in the trial and a subscriber whose trial is over through the paywalled routes', async () => {
    for (const [label, user] of [
      ['in trial', inTrial],
      ['subscribed', subscribed],
    ] as const) {
      for (const route of paywalled) {
        const answer = await callAs(user, route);
        expect(isTrialExpiredAnswer(answer), `${label} ${route}: ${answer.status} ${answer.text}`).toBe(
          false,
        );
        expect(answer.status, `${label} ${route}: ${answer.text.slice(0, 200)}`).toBeLessThan(300);
      }
    }
  }, 60_000);
});
