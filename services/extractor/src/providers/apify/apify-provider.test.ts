import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import { type TRecordedRequest, useFakeHttpApi } from '../http/_fake-http-api.ts';
import { ProviderError } from '../provider-port.ts';
import { createApifyProvider } from './apify-provider.ts';

const TOKEN = 'apify_api_test_token';

/** Items shaped like apify/instagram-profile-scraper's documented output. */
const PROFILES: Record<string, Record<string, unknown>> = {
  'bella.bakery': {
    id: '1784',
    username: 'bella.bakery',
    fullName: 'Bella Bakery',
    biography: 'Fresh bread every morning 🥖\nPress: press@bella-bakery.it',
    externalUrl: 'https://bella.example',
    externalUrls: [
      {
        title: 'Order online',
        lynx_url: 'https://l.instagram.com/?u=https%3A%2F%2Fbella.example%2Forder&e=AT0abc',
        url: 'https://bella.example/order',
        link_type: 'external',
      },
      {
        title: 'Events',
        lynx_url: 'https://l.instagram.com/?u=mailto%3Aevents%40bella-bakery.it&e=AT0def',
        url: 'mailto:events@bella-bakery.it',
        link_type: 'external',
      },
    ],
    followersCount: 12_400,
    followsCount: 310,
    postsCount: 522,
    verified: false,
    private: false,
    isBusinessAccount: true,
    businessCategoryName: 'Bakery',
    publicEmail: null,
    businessEmail: 'Orders@Bella-Bakery.it',
    profilePicUrl: 'https://scontent-mxp1-1.cdninstagram.com/v/t51/bella.jpg',
    profilePicUrlHD: 'https://scontent-mxp1-1.cdninstagram.com/v/t51/bella_hd.jpg',
    relatedProfiles: [
      {
        id: '1',
        username: 'corner.bakery',
        full_name: 'Corner Bakery',
        is_verified: false,
        is_private: false,
      },
      { id: '2', username: 'Pasta.House', full_name: 'Pasta House', is_verified: true, is_private: false },
      { id: '3', username: 'bella.bakery' },
    ],
  },
  'anna.travels': {
    username: 'anna.travels',
    fullName: 'Anna',
    biography: 'Collabs: anna [at] annatravels [dot] com',
    externalUrls: [
      { title: 'Blog', lynx_url: null, url: 'https://annatravels.com/blog', link_type: 'external' },
    ],
    businessCategoryName: 'None',
    followersCount: 800,
    followsCount: 120,
    postsCount: 40,
    verified: false,
    private: false,
  },
};

const SEARCH = [
  {
    username: 'bella.bakery',
    fullName: 'Bella Bakery',
    verified: false,
    private: false,
    profilePicUrl: 'https://scontent.cdninstagram.com/a.jpg',
    followersCount: 12_400,
    businessCategoryName: 'Bakery',
  },
  { username: 'bakery.daily', fullName: 'Bakery Daily', verified: true, private: true },
  { username: 'bella.bakery' },
  { username: 'not a handle!' },
];

function answer(request: TRecordedRequest) {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    return {
      status: 401,
      body: { error: { type: 'token-not-valid', message: 'Authentication token is not valid.' } },
    };
  }
  const actor = /^\/v2\/acts\/([^/]+)\/run-sync-get-dataset-items$/.exec(request.url.pathname)?.[1];
  const input = request.body as { usernames?: string[]; search?: string };
  if (actor === 'apify~instagram-profile-scraper') {
    const username = input.usernames?.[0] ?? '';
    const item = PROFILES[username];
    return {
      status: 201,
      body: item ? [item] : [{ username, error: 'not_found', errorDescription: 'Profile does not exist' }],
    };
  }
  if (actor === 'apify~instagram-search-scraper')
    return { status: 201, body: input.search === 'bakery' ? SEARCH : [] };
  return { status: 404, body: { error: { type: 'record-not-found', message: 'Actor was not found' } } };
}

describe('the Apify provider against a local fake of its API', () => {
  const fake = useFakeHttpApi(answer);
  const clock = createManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const provider = (token = TOKEN) =>
    createApifyProvider({
      token,
      apiBase: fake.url,
      profileActor: 'apify~instagram-profile-scraper',
      searchActor: 'apify~instagram-search-scraper',
      timeoutMs: 5_000,
      clock,
    });

  it('runs the profile actor synchronously and maps its item to extraction_data', async () => {
    const result = await provider().fetchProfile('bella.bakery');
    expect(fake.requests[0]).toMatchObject({ method: 'POST', body: { usernames: ['bella.bakery'] } });
    expect(fake.requests[0]?.url.pathname).toBe(
      '/v2/acts/apify~instagram-profile-scraper/run-sync-get-dataset-items',
    );
    expect(fake.requests[0]?.url.searchParams.get('token')).toBeNull();
    expect(result).toEqual({
      kind: 'found',
      profile: {
        username: 'bella.bakery',
        full_name: 'Bella Bakery',
        follower_count: 12_400,
        following_count: 310,
        media_count: 522,
        is_verified: false,
        is_private: false,
        category: 'Bakery',
        country: null,
        date_joined: null,
        external_url: 'https://bella.example',
        public_email: 'orders@bella-bakery.it',
        biography: 'Fresh bread every morning 🥖\nPress: press@bella-bakery.it',
        profile_pic_url: 'https://scontent-mxp1-1.cdninstagram.com/v/t51/bella_hd.jpg',
        email_provenance: {
          provider: 'apify',
          field: 'business_email',
          fetchedAt: '2026-03-01T10:00:00.000Z',
        },
        // The bio's press address, then the one behind a bio link.
        other_emails: ['press@bella-bakery.it', 'events@bella-bakery.it'],
      },
    });
  });

  it('reads an e-mail written in the biography and says so', async () => {
    const result = await provider().fetchProfile('anna.travels');
    expect(result.kind === 'found' && result.profile).toMatchObject({
      public_email: 'anna@annatravels.com',
      email_provenance: { field: 'biography' },
      other_emails: [],
    });
  });

  it('takes the first bio link when there is no externalUrl, and "None" as no category', async () => {
    const result = await provider().fetchProfile('anna.travels');
    expect(result.kind === 'found' && result.profile).toMatchObject({
      external_url: 'https://annatravels.com/blog',
      category: null,
    });
  });

  it('reports a profile the actor could not find as not found', async () => {
    expect(await provider().fetchProfile('ghost.account')).toEqual({ kind: 'not_found' });
    fake.failNext({ status: 201, body: [] });
    expect(await provider().fetchProfile('ghost.account')).toEqual({ kind: 'not_found' });
  });

  it('searches users with the search actor, dropping duplicates and invalid handles', async () => {
    const { users, nextCursor } = await provider().searchUsers('bakery');
    expect(nextCursor).toBeNull();
    expect(fake.requests[0]?.body).toEqual({ search: 'bakery', searchType: 'user', searchLimit: 50 });
    expect(users).toEqual([
      {
        username: 'bella.bakery',
        full_name: 'Bella Bakery',
        is_verified: false,
        is_private: false,
        profile_pic_url: 'https://scontent.cdninstagram.com/a.jpg',
        follower_count: 12_400,
        category: 'Bakery',
      },
      {
        username: 'bakery.daily',
        full_name: 'Bakery Daily',
        is_verified: true,
        is_private: true,
        profile_pic_url: null,
        follower_count: null,
        category: null,
      },
    ]);
  });

  it('answers similar accounts from the profile’s related profiles', async () => {
    const similar = await provider().similarAccounts('bella.bakery');
    expect(similar.map((account) => account.username)).toEqual(['corner.bakery', 'pasta.house']);
    // The related profiles' snake_case fields are read: names and badges show before extracting.
    expect(similar[1]).toMatchObject({ full_name: 'Pasta House', is_verified: true, is_private: false });
    expect(await provider().similarAccounts('ghost.account')).toEqual([]);
  });

  it('turns a 429 into a rate-limited error carrying Retry-After', async () => {
    fake.failNext({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { error: { type: 'rate-limit-exceeded', message: 'Too many requests' } },
    });
    const error = await provider()
      .fetchProfile('bella.bakery')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 });
  });

  it('turns 5xx, a 408 run timeout and an HTML error page into unavailable or bad responses', async () => {
    fake.failNext({ status: 502, raw: '<html>Bad gateway</html>' });
    await expect(provider().fetchProfile('bella.bakery')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Apify failed (502)',
    });
    fake.failNext({
      status: 408,
      body: { error: { type: 'run-timeout-exceeded', message: 'Actor run exceeded 300 s' } },
    });
    await expect(provider().searchUsers('bakery')).rejects.toMatchObject({ kind: 'unavailable' });
    fake.failNext({ status: 201, raw: '<html>oops</html>' });
    await expect(provider().fetchProfile('bella.bakery')).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('names a refused token in its error, without retrying it as a failure', async () => {
    await expect(provider('wrong').fetchProfile('bella.bakery')).rejects.toMatchObject({
      kind: 'bad_response',
      message: 'Apify refused the request (401): Authentication token is not valid.',
    });
  });

  it('reports an unreachable API as unavailable', async () => {
    const offline = createApifyProvider({
      token: TOKEN,
      apiBase: 'http://127.0.0.1:9',
      profileActor: 'a~b',
      searchActor: 'a~c',
      timeoutMs: 1_000,
    });
    await expect(offline.fetchProfile('bella.bakery')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Apify could not be reached',
    });
  });
});
