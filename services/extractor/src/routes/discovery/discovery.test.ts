import {
  createEvent,
  DATABASE_RPC,
  type TExtractedRequest,
  type TKeywordSearchResponse,
  ZSimilarAccountsResponseSchema,
} from '@prospector/contracts';
import { createOptOutKeys, type TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../providers/clock.ts';
import {
  moreSandboxSearchAccounts,
  sandboxSearchMorePages,
  searchSandboxAccounts,
  similarSandboxAccounts,
} from '../../providers/sandbox/synthetic-graph.ts';
import { syntheticAccount } from '../../providers/sandbox/synthetic-profile.ts';
import { createExtractorTestbed, extractorConfig, jsonRequest } from '../_factories.ts';

describe('discovery endpoints (PostgreSQL, in-process bus)', () => {
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let sandbox: TRunningService;
  let failing: TRunningService;
  let graph: TRunningService;
  const clock = createManualClock();
  const extractedAsks: TExtractedRequest[] = [];
  // What the database service would answer: the usernames each user already saved.
  const saved: Record<string, string[]> = {};

  const answerExtracted = () =>
    testbed.bus.reply(DATABASE_RPC.extracted, async (request) => {
      extractedAsks.push(request);
      const mine = new Set(saved[request.userId] ?? []);
      return { extracted: request.usernames.filter((username) => mine.has(username)) };
    });
  let databaseReplies: Awaited<ReturnType<typeof answerExtracted>>;

  beforeAll(async () => {
    testbed = await createExtractorTestbed();
    databaseReplies = await answerExtracted();
    sandbox = await testbed.start(extractorConfig({ EXTRACTOR_SEARCH_LIMIT_PER_MINUTE: '5' }, { clock }));
    failing = await testbed.start(
      extractorConfig({ SANDBOX_ERROR_RATE: '1', EXTRACTOR_PROVIDER_MAX_RETRIES: '2' }, { clock }),
    );
    graph = await testbed.start(
      extractorConfig({ EXTRACTOR_PROVIDER: 'graph', GRAPH_ACCESS_TOKEN: 'token', GRAPH_IG_USER_ID: '1784' }),
    );
  });
  afterAll(() => testbed.stop());

  const call = (service: TRunningService, path: string, body?: unknown, userId: string | undefined = 'ada') =>
    service.app.request(path, jsonRequest(body === undefined ? 'GET' : 'POST', body, userId));

  describe('GET /api/extractor/provider', () => {
    it('says which provider answers and what it can do', async () => {
      const response = await call(sandbox, '/api/extractor/provider');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        provider: 'sandbox',
        sampleData: true,
        capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
      });
      expect(await (await call(graph, '/api/extractor/provider')).json()).toEqual({
        provider: 'graph',
        sampleData: false,
        capabilities: { search: false, similar: false, followers: false, following: false, hashtag: false },
      });
    });

    it('refuses a signed-out caller', async () => {
      const response = await call(sandbox, '/api/extractor/provider', undefined, '');
      expect(response.status).toBe(401);
    });
  });

  describe('POST /api/extractor/search', () => {
    it('lists the accounts a keyword finds, with pictures served by the extractor', async () => {
      const response = await call(sandbox, '/api/extractor/search', { keyword: '  bakery ' }, 'newcomer');
      expect(response.status).toBe(200);
      const body = (await response.json()) as TKeywordSearchResponse;
      expect(body.hidden).toBe(0);
      expect(body.users.map((user) => user.username)).toEqual(searchSandboxAccounts('bakery'));
      for (const user of body.users) expect(user.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\//);
      // The "already extracted" scope asked about is the session's workspace (their personal one here).
      expect(extractedAsks.at(-1)).toEqual({
        userId: 'newcomer',
        ownerKey: 'newcomer',
        usernames: searchSandboxAccounts('bakery'),
      });
    });

    it('pages with "Load more" until the provider has no more, never repeating an account', async () => {
      const usernames: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await call(sandbox, '/api/extractor/search', { keyword: 'bakery', cursor }, 'pager');
        expect(response.status).toBe(200);
        const body = (await response.json()) as TKeywordSearchResponse;
        usernames.push(...body.users.map((user) => user.username));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(1 + sandboxSearchMorePages('bakery'));
      expect(usernames.slice(0, searchSandboxAccounts('bakery').length)).toEqual(
        searchSandboxAccounts('bakery'),
      );
      expect(usernames.length).toBeGreaterThan(searchSandboxAccounts('bakery').length);
      expect(new Set(usernames).size).toBe(usernames.length);
    });

    it('hides the accounts this user already extracted, and counts them', async () => {
      const [first, second, third] = searchSandboxAccounts('coffee');
      saved.bob = [first as string, third as string, 'unrelated.account'];
      saved.carol = [second as string];
      const body = (await (
        await call(sandbox, '/api/extractor/search', { keyword: 'coffee' }, 'bob')
      ).json()) as TKeywordSearchResponse;
      expect(body.hidden).toBe(2);
      expect(body.optedOut).toBe(0);
      const usernames = body.users.map((user) => user.username);
      expect(usernames).not.toContain(first);
      expect(usernames).not.toContain(third);
      expect(usernames).toContain(second);
      expect(usernames).toHaveLength(searchSandboxAccounts('coffee').length - 2);
    });

    describe('past pages of hidden accounts', () => {
      // 'coffee' finds 12 accounts on its first page and 4 pages of 25 after it (the sandbox's seed).
      const pageOf = (page: number) =>
        page === 0 ? searchSandboxAccounts('coffee') : moreSandboxSearchAccounts('coffee', page);
      const search = async (userId: string, cursor?: string | null) => {
        const response = await call(sandbox, '/api/extractor/search', { keyword: 'coffee', cursor }, userId);
        expect(response.status).toBe(200);
        return (await response.json()) as TKeywordSearchResponse;
      };

      it('has several pages for the keyword, as the sandbox promises', () => {
        expect(pageOf(0)).toHaveLength(12);
        expect(sandboxSearchMorePages('coffee')).toBe(4);
      });

      it('passes over pages the user extracted whole, counts them, and answers the next one', async () => {
        saved.pia = [...pageOf(0), ...pageOf(1)];
        const body = await search('pia');
        expect(body.users.map((user) => user.username)).toEqual(pageOf(2));
        expect(body).toMatchObject({ hidden: 12 + 25, optedOut: 0, skippedPages: 2, nextCursor: '3' });
        for (const user of body.users) expect(user.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\//);
        // "Load more" goes on after the page it was given; a page with anything to show is not skipped.
        const next = await search('pia', body.nextCursor);
        expect(next.users.map((user) => user.username)).toEqual(pageOf(3));
        expect(next).toMatchObject({ hidden: 0, skippedPages: 0, nextCursor: '4' });
      });

      it('skips a hidden page met on "Load more" too, and a page with one account left is shown', async () => {
        const [kept, ...others] = pageOf(2);
        saved.quentin = [...pageOf(1), ...others];
        const first = await search('quentin');
        expect(first).toMatchObject({ hidden: 0, skippedPages: 0, nextCursor: '1' });
        const next = await search('quentin', first.nextCursor);
        expect(next.users.map((user) => user.username)).toEqual([kept]);
        expect(next).toMatchObject({ hidden: 25 + 24, skippedPages: 1, nextCursor: '3' });
      });

      it('answers nothing to show, with every account counted, when the provider has no more', async () => {
        saved.rosa = [0, 1, 2, 3, 4].flatMap(pageOf);
        const body = await search('rosa');
        expect(body).toEqual({
          users: [],
          hidden: 12 + 4 * 25,
          optedOut: 0,
          skippedPages: 4,
          nextCursor: null,
        });
        // Each page read was a search of the per-user budget (5 a minute here): the next is refused.
        const refused = await call(sandbox, '/api/extractor/search', { keyword: 'coffee' }, 'rosa');
        expect(refused.status).toBe(429);
      });

      it('stops where the search budget runs out, and "Load more" goes on from there', async () => {
        saved.sven = [0, 1, 2, 3].flatMap(pageOf);
        for (let index = 0; index < 3; index += 1)
          expect((await call(sandbox, '/api/extractor/search', { keyword: 'yoga' }, 'sven')).status).toBe(
            200,
          );
        // Two searches left: the first page, one skip, then the budget is spent.
        const body = await search('sven');
        expect(body).toEqual({ users: [], hidden: 12 + 25, optedOut: 0, skippedPages: 1, nextCursor: '2' });
        clock.advance(60_000);
        const next = await search('sven', body.nextCursor);
        expect(next.users.map((user) => user.username)).toEqual(pageOf(4));
        expect(next).toMatchObject({ hidden: 2 * 25, skippedPages: 2, nextCursor: null });
      });
    });

    it.each([[{ keyword: '   ' }], [{ keyword: '' }], [{}], [{ keyword: 42 }]])(
      'answers 400 "Please enter a keyword" for %j',
      async (body) => {
        const response = await call(sandbox, '/api/extractor/search', body, 'dan');
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'Please enter a keyword' },
        });
      },
    );

    it('limits searches per user, then lets them search again a minute later', async () => {
      const search = (userId: string) => call(sandbox, '/api/extractor/search', { keyword: 'yoga' }, userId);
      for (let index = 0; index < 5; index += 1) expect((await search('eve')).status).toBe(200);
      const limited = await search('eve');
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many searches. Please wait a minute and try again.' },
      });
      // Similar accounts share the budget; another user has their own.
      expect(
        (await call(sandbox, '/api/extractor/similar', { username: 'bella.bakery' }, 'eve')).status,
      ).toBe(429);
      expect((await search('frank')).status).toBe(200);
      clock.advance(60_000);
      expect((await search('eve')).status).toBe(200);
    });

    it('fails the search rather than show already-extracted accounts when the database service is down', async () => {
      await databaseReplies.stop();
      try {
        const response = await call(sandbox, '/api/extractor/search', { keyword: 'bakery' }, 'kim');
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          error: { code: 'UNAVAILABLE', message: 'Failed to search for users' },
        });
      } finally {
        databaseReplies = await answerExtracted();
      }
    });

    it('answers 502 "Failed to search for users" when the provider keeps failing', async () => {
      const response = await call(failing, '/api/extractor/search', { keyword: 'bakery' });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: { code: 'PROVIDER_FAILED', message: 'Failed to search for users' },
      });
    });

    it('answers 501 with a message the page can show when the provider cannot search', async () => {
      const response = await call(graph, '/api/extractor/search', { keyword: 'bakery' });
      expect(response.status).toBe(501);
      expect(await response.json()).toEqual({
        error: {
          code: 'UNSUPPORTED',
          message: "Keyword search isn't available with the current data provider.",
        },
      });
    });
  });

  describe('POST /api/extractor/similar', () => {
    it('lists similar accounts of a username typed as @name or a profile link', async () => {
      const expected = similarSandboxAccounts('bella.bakery');
      for (const username of ['bella.bakery', '@Bella.Bakery', 'https://www.instagram.com/bella.bakery/']) {
        const response = await call(sandbox, '/api/extractor/similar', { username }, 'gus');
        expect(response.status).toBe(200);
        const body = ZSimilarAccountsResponseSchema.parse(await response.json());
        expect(body.accounts.map((account) => account.username)).toEqual(expected);
        expect(body.total).toBe(expected.length);
        expect(body.hidden).toBe(0);
      }
    });

    it('leaves out accounts whose owners opted out, and counts them as hidden', async () => {
      const expected = similarSandboxAccounts('cleo.ceramics');
      const [optedOut, ...others] = expected;
      const usernameKey = createOptOutKeys().username(optedOut as string) as string;
      // Not yet confirmed by the owner: that already hides it.
      await testbed.bus.publish(
        createEvent('optouts.recorded', null, {
          requestId: crypto.randomUUID(),
          usernameKey,
          emailKey: null,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      );
      // Heard once asking for that account's own neighbours is refused (before the per-user search limit).
      await vi.waitFor(
        async () =>
          expect((await call(sandbox, '/api/extractor/similar', { username: optedOut }, 'kim')).status).toBe(
            409,
          ),
        { timeout: 10_000, interval: 100 },
      );
      const response = await call(sandbox, '/api/extractor/similar', { username: 'cleo.ceramics' }, 'kim');
      const body = ZSimilarAccountsResponseSchema.parse(await response.json());
      expect(body.accounts.map((account) => account.username)).toEqual(others);
      expect(body).toMatchObject({ total: others.length, hidden: 1 });
    });

    it('gives each account its followers, category and badges, and marks those already extracted', async () => {
      const [first, second] = similarSandboxAccounts('bella.bakery');
      saved.gwen = [second as string];
      const response = await call(sandbox, '/api/extractor/similar', { username: 'bella.bakery' }, 'gwen');
      const { accounts } = ZSimilarAccountsResponseSchema.parse(await response.json());
      const profile = syntheticAccount(first as string)?.profile;
      expect(accounts[0]).toMatchObject({
        username: first,
        follower_count: profile?.follower_count,
        category: profile?.category,
        is_verified: profile?.is_verified ?? false,
        is_private: profile?.is_private ?? false,
        extracted: false,
      });
      expect(accounts[0]?.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\//);
      expect(accounts[1]).toMatchObject({ username: second, extracted: true });
      expect(accounts.filter((account) => account.extracted)).toHaveLength(1);
    });

    it('answers an empty list for an account that does not exist', async () => {
      const response = await call(sandbox, '/api/extractor/similar', { username: 'ghost.notfound' }, 'hal');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ accounts: [], total: 0, hidden: 0 });
    });

    it.each([
      [{ username: ' ' }, 'Please enter an Instagram username'],
      [{}, 'Please enter an Instagram username'],
      [{ username: 'not a username!' }, 'Please enter a valid Instagram username'],
      [{ username: 'x'.repeat(31) }, 'Please enter a valid Instagram username'],
    ])('answers 400 for %j', async (body, message) => {
      const response = await call(sandbox, '/api/extractor/similar', body, 'ivy');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
    });

    it('reports provider failures and unsupported providers plainly', async () => {
      const failed = await call(failing, '/api/extractor/similar', { username: 'bella.bakery' }, 'jo');
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ error: { code: 'PROVIDER_FAILED' } });
      const unsupported = await call(graph, '/api/extractor/similar', { username: 'bella.bakery' }, 'jo');
      expect(unsupported.status).toBe(501);
      expect(await unsupported.json()).toEqual({
        error: {
          code: 'UNSUPPORTED',
          message: "Similar accounts aren't available with the current data provider.",
        },
      });
    });
  });
});
