import {
  createEvent,
  DATABASE_RPC,
  MAX_LISTED_ACCOUNTS,
  optedOutMessage,
  type TAccountListPage,
  TOP_PLAN_MAX_LISTED_ACCOUNTS,
  type TToolAccessResponse,
  ZAccountListPageSchema,
} from '@prospector/contracts';
import { createOptOutKeys, type TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../providers/clock.ts';
import { useFakeHttpApi } from '../../providers/http/_fake-http-api.ts';
import { SANDBOX_LIST_PAGE_SIZE, sandboxAccountPage } from '../../providers/sandbox/synthetic-lists.ts';
import { syntheticAccount } from '../../providers/sandbox/synthetic-profile.ts';
import { createExtractorTestbed, extractorConfig, jsonRequest } from '../_factories.ts';

const PATH = '/api/extractor/account-lists';

/** A public sandbox account with a few pages of followers. */
function publicOwner(): string {
  for (let index = 0; ; index += 1) {
    const username = `lists.route${index}`;
    const profile = syntheticAccount(username)?.profile;
    const followers = profile?.follower_count ?? 0;
    if (profile && !profile.is_private && followers > 120 && followers < 300) return username;
  }
}

describe('POST /api/extractor/account-lists (PostgreSQL, in-process bus)', () => {
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let sandbox: TRunningService;
  let failing: TRunningService;
  let graph: TRunningService;
  const clock = createManualClock();
  const saved: Record<string, string[]> = {};
  const owner = publicOwner();

  beforeAll(async () => {
    testbed = await createExtractorTestbed();
    await testbed.bus.reply(DATABASE_RPC.extracted, async (request) => {
      const mine = new Set(saved[request.userId] ?? []);
      return { extracted: request.usernames.filter((username) => mine.has(username)) };
    });
    sandbox = await testbed.start(extractorConfig({ EXTRACTOR_SEARCH_LIMIT_PER_MINUTE: '8' }, { clock }));
    failing = await testbed.start(
      extractorConfig({ SANDBOX_ERROR_RATE: '1', EXTRACTOR_PROVIDER_MAX_RETRIES: '1' }, { clock }),
    );
    graph = await testbed.start(
      extractorConfig({ EXTRACTOR_PROVIDER: 'graph', GRAPH_ACCESS_TOKEN: 'token', GRAPH_IG_USER_ID: '1784' }),
    );
  });
  afterAll(() => testbed.stop());

  const list = (service: TRunningService, body: unknown, userId = 'ada') =>
    service.app.request(PATH, jsonRequest('POST', body, userId));
  const page = async (body: unknown, userId: string) => {
    const response = await list(sandbox, body, userId);
    expect(response.status).toBe(200);
    return ZAccountListPageSchema.parse(await response.json());
  };

  it('pages through an account followers across provider pages, each account once', async () => {
    const seen: TAccountListPage['accounts'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: TAccountListPage = await page(
        { kind: 'followers', target: `@${owner}`, cursor },
        'pager',
      );
      expect(answer.private).toBe(false);
      seen.push(...answer.accounts);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor);
    const followers = syntheticAccount(owner)?.profile.follower_count as number;
    expect(pages).toBe(Math.ceil(followers / SANDBOX_LIST_PAGE_SIZE));
    const usernames = seen.map((account) => account.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    expect(usernames.slice(0, 5)).toEqual(
      sandboxAccountPage('followers', owner)
        .accounts.slice(0, 5)
        .map((account) => account.username),
    );
    for (const account of seen) expect(account.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\//);
  });

  it('marks the accounts this user already extracted instead of hiding them', async () => {
    const first = sandboxAccountPage('following', owner).accounts;
    saved.bob = [first[0]?.username as string, first[2]?.username as string];
    const answer = await page({ kind: 'following', target: owner }, 'bob');
    expect(answer.accounts.map((account) => account.username)).toEqual(
      first.map((account) => account.username),
    );
    expect(answer.accounts.filter((account) => account.extracted).map((account) => account.username)).toEqual(
      saved.bob,
    );
    expect(
      (await page({ kind: 'following', target: owner }, 'carol')).accounts.some((a) => a.extracted),
    ).toBe(false);
  });

  it("leaves out accounts whose owners opted out, and does not list an opted-out account's followers", async () => {
    const [first, second] = sandboxAccountPage('followers', owner).accounts;
    const keys = createOptOutKeys();
    for (const username of [first?.username as string, 'lists.optedowner']) {
      await testbed.bus.publish(
        createEvent('optouts.recorded', null, {
          requestId: crypto.randomUUID(),
          usernameKey: keys.username(username) as string,
          emailKey: null,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      );
    }
    await vi.waitFor(async () => {
      const answer = await page({ kind: 'followers', target: owner }, 'dora');
      expect(answer.accounts.map((account) => account.username)).not.toContain(first?.username);
      expect(answer.accounts[0]?.username).toBe(second?.username);
    });
    const refused = await vi.waitFor(async () => {
      const answer = await list(sandbox, { kind: 'followers', target: 'Lists.OptedOwner' }, 'dora');
      expect(answer.status).toBe(409);
      return answer;
    });
    expect(await refused.json()).toMatchObject({ error: { message: optedOutMessage('lists.optedowner') } });
  });

  it('lists a hashtag typed with its # as the same tag without it', async () => {
    const withHash = await page({ kind: 'hashtag', target: ' #VeganBakery ' }, 'dan');
    expect(withHash.accounts.map((account) => account.username)).toEqual(
      sandboxAccountPage('hashtag', 'veganbakery').accounts.map((account) => account.username),
    );
    // The provider's cursor, behind the count so far and its signature.
    expect(withHash.nextCursor).toMatch(
      new RegExp(`^${withHash.accounts.length}\\.[\\w-]+\\.${SANDBOX_LIST_PAGE_SIZE}$`),
    );
  });

  it('says a private account lists nothing, and answers 404 for one that does not exist', async () => {
    expect(await page({ kind: 'followers', target: 'very.private.person' }, 'eve')).toEqual({
      accounts: [],
      nextCursor: null,
      private: true,
    });
    const missing = await list(sandbox, { kind: 'followers', target: 'ghost.notfound' }, 'eve');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No Instagram account named @ghost.notfound' },
    });
  });

  it.each([
    [{ kind: 'followers', target: ' ' }, 'Please enter an Instagram username'],
    [{ kind: 'following', target: 'not a username!' }, 'Please enter a valid Instagram username'],
    [{ kind: 'hashtag', target: '#' }, 'Please enter a valid hashtag'],
    [{ kind: 'hashtag', target: '' }, 'Please enter a hashtag'],
    [{ kind: 'hashtag', target: 'two words' }, 'Please enter a valid hashtag'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await list(sandbox, body, 'fay');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it('counts every page against the per-user search limit', async () => {
    const next = () => list(sandbox, { kind: 'hashtag', target: 'yoga' }, 'gus');
    for (let index = 0; index < 8; index += 1) expect((await next()).status).toBe(200);
    const limited = await next();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many searches. Please wait a minute and try again.' },
    });
    expect((await list(sandbox, { kind: 'hashtag', target: 'yoga' }, 'hal')).status).toBe(200);
    clock.advance(60_000);
    expect((await next()).status).toBe(200);
  });

  it('reports a failing provider plainly, and a provider that cannot list with the reason', async () => {
    const failed = await list(failing, { kind: 'followers', target: owner });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: { code: 'PROVIDER_FAILED', message: 'Failed to load the accounts. Please try again.' },
    });
    for (const [kind, message] of [
      ['followers', "Followers lists aren't available with the current data provider."],
      ['following', "Following lists aren't available with the current data provider."],
      ['hashtag', "Hashtag search isn't available with the current data provider."],
    ]) {
      const refused = await list(graph, { kind, target: 'bakery' });
      expect(refused.status).toBe(501);
      expect(await refused.json()).toEqual({ error: { code: 'UNSUPPORTED', message } });
    }
  });

  it('refuses a signed-out caller', async () => {
    expect((await list(sandbox, { kind: 'hashtag', target: 'yoga' }, '')).status).toBe(401);
  });
});

/** A public sandbox account with more followers than the top plan's list holds. */
function bigOwner(): string {
  for (let index = 0; ; index += 1) {
    const username = `lists.big${index}`;
    const profile = syntheticAccount(username)?.profile;
    if (profile && !profile.is_private && (profile.follower_count ?? 0) > TOP_PLAN_MAX_LISTED_ACCOUNTS + 500)
      return username;
  }
}

describe('account lists stop at the plan limit (PostgreSQL, in-process bus)', () => {
  const owner = bigOwner();
  const month = new Date().toISOString();
  const access = new Map<string, TToolAccessResponse>([
    ['starter', { subscriptionStatus: 'active', trialStartedAt: month, subscriptionPlan: 'package_1' }],
    ['enterprise', { subscriptionStatus: 'active', trialStartedAt: month, subscriptionPlan: 'package_3' }],
    // A plan that lapsed no longer lifts the limit.
    ['lapsed', { subscriptionStatus: 'trial', trialStartedAt: month, subscriptionPlan: 'package_3' }],
  ]);
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let service: TRunningService;

  beforeAll(async () => {
    testbed = await createExtractorTestbed({ access });
    await testbed.bus.reply('rpc.database.extracted', async () => ({ extracted: [] }));
    service = await testbed.start(
      extractorConfig({
        EXTRACTOR_SEARCH_LIMIT_PER_MINUTE: '1000',
        EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: '100000',
      }),
    );
  });
  afterAll(() => testbed.stop());

  const pageOf = async (userId: string, cursor: string | null) => {
    const response = await service.app.request(
      PATH,
      jsonRequest('POST', { kind: 'followers', target: owner, cursor }, userId),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return ZAccountListPageSchema.parse(await response.json());
  };
  /** Every page until the service says there is no more. */
  const listAll = async (userId: string) => {
    const usernames: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: TAccountListPage = await pageOf(userId, cursor);
      usernames.push(...answer.accounts.map((account) => account.username));
      cursor = answer.nextCursor;
    } while (cursor);
    return usernames;
  };

  it.each([
    ['a trial', 'trial-user', MAX_LISTED_ACCOUNTS],
    ['the Starter plan', 'starter', MAX_LISTED_ACCOUNTS],
    ['a lapsed top plan', 'lapsed', MAX_LISTED_ACCOUNTS],
    ['the top plan', 'enterprise', TOP_PLAN_MAX_LISTED_ACCOUNTS],
  ])('lists at most the limit of %s, each account once', { timeout: 60_000 }, async (_, userId, limit) => {
    const usernames = await listAll(userId);
    expect(usernames).toHaveLength(limit);
    expect(new Set(usernames).size).toBe(limit);
  });

  it('refuses a cursor whose count was changed, or taken to another user or list', async () => {
    const first = await pageOf('trial-user', null);
    const cursor = first.nextCursor as string;
    const [served, signature, providerCursor] = cursor.split('.');
    expect(Number(served)).toBe(first.accounts.length);
    const refusedWith = async (userId: string, body: unknown) => {
      const response = await service.app.request(PATH, jsonRequest('POST', body, userId));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'This list can no longer be continued. Please list the accounts again.',
        },
      });
    };
    await refusedWith('trial-user', {
      kind: 'followers',
      target: owner,
      cursor: `0.${signature}.${providerCursor}`,
    });
    await refusedWith('someone-else', { kind: 'followers', target: owner, cursor });
    await refusedWith('trial-user', { kind: 'following', target: owner, cursor });
    await refusedWith('trial-user', { kind: 'followers', target: owner, cursor: providerCursor });
  });
});

describe('account lists through Apify (a local fake of its API, PostgreSQL, in-process bus)', () => {
  // Another actor than the default, named by the environment, serving the same shapes.
  const FOLLOWERS_ACTOR = 'acme~followers-lister';
  const followers = Array.from({ length: 130 }, (_, index) => ({
    queryUsername: 'bella.bakery',
    username: `apify.fan${index}`,
    fullName: `Fan ${index}`,
    isVerified: false,
    isPrivate: index % 4 === 0,
    profilePicUrl: `https://scontent.cdninstagram.com/v/${index}.jpg`,
  }));
  const fake = useFakeHttpApi((request) => {
    if (request.url.pathname === `/v2/acts/${FOLLOWERS_ACTOR}/runs`)
      return { status: 201, body: { data: { id: 'run1', status: 'SUCCEEDED', defaultDatasetId: 'ds1' } } };
    if (request.url.pathname === '/v2/datasets/ds1/items') {
      const offset = Number(request.url.searchParams.get('offset'));
      const limit = Number(request.url.searchParams.get('limit'));
      return { status: 200, body: followers.slice(offset, offset + limit) };
    }
    return { status: 404, body: { error: { type: 'record-not-found', message: 'Not found' } } };
  });
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let apify: TRunningService;

  beforeAll(async () => {
    testbed = await createExtractorTestbed();
    await testbed.bus.reply(DATABASE_RPC.extracted, async (request) => ({
      extracted: request.usernames.filter((username) => username === 'apify.fan3'),
    }));
    apify = await testbed.start(
      extractorConfig({
        EXTRACTOR_PROVIDER: 'apify',
        APIFY_TOKEN: 'token',
        APIFY_API_BASE: fake.url,
        APIFY_FOLLOWERS_ACTOR: FOLLOWERS_ACTOR,
      }),
    );
  });
  afterAll(() => testbed.stop());

  const list = async (body: unknown) => {
    const response = await apify.app.request(PATH, jsonRequest('POST', body, 'ada'));
    expect(response.status).toBe(200);
    return ZAccountListPageSchema.parse(await response.json());
  };

  it('runs the followers actor the environment names once and pages through its dataset', async () => {
    const first = await list({ kind: 'followers', target: 'bella.bakery' });
    // The actor asked for no more than the trial's list holds.
    expect(fake.requests[0]?.body).toMatchObject({ usernames: ['bella.bakery'], maxFollowersPerUser: 1000 });
    expect(first.accounts).toHaveLength(100);
    expect(first.accounts[3]).toMatchObject({
      username: 'apify.fan3',
      extracted: true,
      follower_count: null,
    });
    expect(first.accounts[0]?.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\/p\./);
    const second = await list({ kind: 'followers', target: 'bella.bakery', cursor: first.nextCursor });
    expect(second.accounts.map((account) => account.username)).toEqual(
      followers.slice(100).map((follower) => follower.username),
    );
    expect(second.nextCursor).toBeNull();
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says Following is not available with Apify', async () => {
    const response = await apify.app.request(
      PATH,
      jsonRequest('POST', { kind: 'following', target: 'bella.bakery' }, 'ada'),
    );
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({
      error: {
        code: 'UNSUPPORTED',
        message: "Following lists aren't available with the current data provider.",
      },
    });
  });
});
