import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import { type TRecordedRequest, useFakeHttpApi } from '../http/_fake-http-api.ts';
import { ProviderError } from '../provider-port.ts';
import {
  APIFY_LIST_PAGE_SIZE,
  DEFAULT_APIFY_FOLLOWERS_ACTOR,
  DEFAULT_APIFY_HASHTAG_ACTOR,
} from './apify-lists.ts';
import { createApifyProvider } from './apify-provider.ts';

const TOKEN = 'apify_api_test_token';

/** 230 rows shaped like goat255/instagram-followers-scraper's documented output. */
const FOLLOWERS = Array.from({ length: 230 }, (_, index) => ({
  queryUsername: 'bella.bakery',
  username: index === 7 ? 'Follower.0' : `follower.${index}`,
  fullName: `Follower ${index}`,
  id: String(1000 + index),
  isVerified: index % 50 === 0,
  isPrivate: index % 3 === 0,
  profilePicUrl: `https://scontent.cdninstagram.com/v/${index}.jpg`,
}));

/** Posts shaped like apify/instagram-hashtag-scraper's output: the same authors post more than once. */
const POSTS = Array.from({ length: 120 }, (_, index) => ({
  id: `post${index}`,
  type: 'Image',
  hashtags: ['veganbakery'],
  ownerUsername: `baker.${index % 40}`,
  ownerFullName: `Baker ${index % 40}`,
  ownerId: String(index % 40),
  timestamp: new Date(Date.UTC(2026, 2, 1) - index * 60_000).toISOString(),
}));

const DATASETS: Record<string, unknown[]> = { dsFollowers: FOLLOWERS, dsHashtag: POSTS };
let pollsBeforeDone = 0;

function answer(request: TRecordedRequest) {
  if (request.headers.authorization !== `Bearer ${TOKEN}`)
    return {
      status: 401,
      body: { error: { type: 'token-not-valid', message: 'Authentication token is not valid.' } },
    };
  const path = request.url.pathname;
  const started = /^\/v2\/acts\/([^/]+)\/runs$/.exec(path)?.[1];
  if (started === DEFAULT_APIFY_FOLLOWERS_ACTOR || started === DEFAULT_APIFY_HASHTAG_ACTOR) {
    const datasetId = started === DEFAULT_APIFY_HASHTAG_ACTOR ? 'dsHashtag' : 'dsFollowers';
    const status = pollsBeforeDone > 0 ? 'RUNNING' : 'SUCCEEDED';
    return { status: 201, body: { data: { id: `run_${datasetId}`, status, defaultDatasetId: datasetId } } };
  }
  const polled = /^\/v2\/actor-runs\/run_(\w+)$/.exec(path)?.[1];
  if (polled) {
    pollsBeforeDone -= 1;
    const status = pollsBeforeDone > 0 ? 'RUNNING' : polled === 'dsFailed' ? 'FAILED' : 'SUCCEEDED';
    return { status: 200, body: { data: { id: `run_${polled}`, status, defaultDatasetId: polled } } };
  }
  const dataset = /^\/v2\/datasets\/(\w+)\/items$/.exec(path)?.[1];
  const items = dataset ? DATASETS[dataset] : undefined;
  if (items) {
    const offset = Number(request.url.searchParams.get('offset'));
    const limit = Number(request.url.searchParams.get('limit'));
    return {
      status: 200,
      body: items.slice(offset, offset + limit),
      headers: { 'x-apify-pagination-total': String(items.length) },
    };
  }
  return { status: 404, body: { error: { type: 'record-not-found', message: 'Not found' } } };
}

describe('Apify account lists against a local fake of its API', () => {
  const fake = useFakeHttpApi(answer);
  const clock = createManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const provider = () =>
    createApifyProvider({
      token: TOKEN,
      apiBase: fake.url,
      profileActor: 'apify~instagram-profile-scraper',
      searchActor: 'apify~instagram-search-scraper',
      timeoutMs: 5_000,
      clock,
    });

  it('starts the followers actor once, then pages through its dataset by cursor', async () => {
    const first = await provider().listAccounts('followers', 'bella.bakery');
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      body: { usernames: ['bella.bakery'], maxFollowersPerUser: 1000 },
    });
    expect(fake.requests[0]?.url.pathname).toBe(`/v2/acts/${DEFAULT_APIFY_FOLLOWERS_ACTOR}/runs`);
    expect(fake.requests[0]?.url.searchParams.get('waitForFinish')).toBe('5');
    expect(first.accounts[0]).toEqual({
      username: 'follower.0',
      full_name: 'Follower 0',
      profile_pic_url: 'https://scontent.cdninstagram.com/v/0.jpg',
      is_verified: true,
      is_private: true,
      follower_count: null,
      category: null,
    });
    // "Follower.0" is follower.0 again: one row per account.
    expect(first.accounts).toHaveLength(APIFY_LIST_PAGE_SIZE - 1);
    expect(first.nextCursor).toBe(`dsFollowers:${APIFY_LIST_PAGE_SIZE}`);

    fake.requests.length = 0;
    const second = await provider().listAccounts('followers', 'bella.bakery', { cursor: first.nextCursor });
    expect(fake.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /v2/datasets/dsFollowers/items',
    ]);
    expect(second.accounts[0]?.username).toBe('follower.100');
    const third = await provider().listAccounts('followers', 'bella.bakery', { cursor: second.nextCursor });
    expect(third.accounts).toHaveLength(30);
    expect(third.nextCursor).toBeNull();
  });

  it('waits for a run still going, asking for it again', async () => {
    pollsBeforeDone = 2;
    const page = await provider().listAccounts('followers', 'bella.bakery');
    expect(page.accounts.length).toBeGreaterThan(0);
    expect(
      fake.requests.filter((request) => request.url.pathname.startsWith('/v2/actor-runs/')),
    ).toHaveLength(2);
  });

  it('lists a hashtag as the authors of its posts, newest first, each once', async () => {
    const first = await provider().listAccounts('hashtag', 'veganbakery');
    expect(fake.requests[0]?.body).toEqual({
      hashtags: ['veganbakery'],
      resultsType: 'posts',
      resultsLimit: 1000,
    });
    expect(first.accounts.map((account) => account.username).slice(0, 3)).toEqual([
      'baker.0',
      'baker.1',
      'baker.2',
    ]);
    expect(first.accounts).toHaveLength(40);
    expect(first.accounts[0]).toMatchObject({
      full_name: 'Baker 0',
      follower_count: null,
      is_verified: false,
    });
    const second = await provider().listAccounts('hashtag', 'veganbakery', { cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
  });

  it('offers no "Following" list, and refuses a cursor it did not make', async () => {
    expect(provider().capabilities).toMatchObject({ followers: true, following: false, hashtag: true });
    await expect(provider().listAccounts('following', 'bella.bakery')).rejects.toMatchObject({
      kind: 'unsupported',
    });
    await expect(
      provider().listAccounts('followers', 'bella.bakery', { cursor: '../etc/passwd' }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a refused token to a refusal that is not retried', async () => {
    const refused = createApifyProvider({
      token: 'wrong',
      apiBase: fake.url,
      profileActor: 'p',
      searchActor: 's',
      timeoutMs: 5_000,
      clock,
    });
    await expect(refused.listAccounts('hashtag', 'veganbakery')).rejects.toMatchObject({
      kind: 'bad_response',
    });
  });
});
