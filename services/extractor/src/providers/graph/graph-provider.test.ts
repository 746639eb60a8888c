import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import { type TRecordedRequest, useFakeHttpApi } from '../http/_fake-http-api.ts';
import { createGraphProvider } from './graph-provider.ts';

const TOKEN = 'EAAG-test-token';
const IG_USER = '17841400000000000';

const graphError = (status: number, code: number, message: string, subcode?: number) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'AbC123' } },
});

/** Answers like Business Discovery: `GET /{version}/{ig-user-id}?fields=business_discovery.username(x){...}`. */
function answer(request: TRecordedRequest) {
  if (request.url.searchParams.get('access_token') !== TOKEN) {
    return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
  }
  const match = /^business_discovery\.username\(([^)]+)\)\{([^}]+)\}$/.exec(
    request.url.searchParams.get('fields') ?? '',
  );
  if (request.url.pathname !== `/v21.0/${IG_USER}` || !match)
    return graphError(400, 100, 'Unsupported get request.');
  const [, username] = match;
  if (username === 'studio.rossi') {
    return {
      status: 200,
      body: {
        business_discovery: {
          username: 'studio.rossi',
          name: 'Studio Rossi',
          biography:
            'Weddings & portraits 📷\nBookings: hello [at] studiorossi [dot] it\nPress: press@studiorossi.it',
          website: 'https://studiorossi.example',
          followers_count: 5_210,
          follows_count: 301,
          media_count: 88,
          profile_picture_url: 'https://scontent.xx.fbcdn.net/v/t51/rossi.jpg',
          id: '17841401111111111',
        },
        id: IG_USER,
      },
    };
  }
  if (username === 'quiet.shop') {
    return {
      status: 200,
      body: {
        business_discovery: { username: 'quiet.shop', biography: 'Follow @quiet.shop.daily', id: '1' },
        id: IG_USER,
      },
    };
  }
  return graphError(
    400,
    110,
    `Invalid user id: The user with username: ${username} cannot be found.`,
    2207013,
  );
}

describe('the Graph API provider against a local fake of Business Discovery', () => {
  const fake = useFakeHttpApi(answer);
  const clock = createManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const provider = (accessToken = TOKEN) =>
    createGraphProvider({
      accessToken,
      igUserId: IG_USER,
      apiBase: fake.url,
      version: 'v21.0',
      timeoutMs: 5_000,
      clock,
    });

  it('asks Business Discovery for the documented fields and reads the e-mail from the biography', async () => {
    const result = await provider().fetchProfile('studio.rossi');
    expect(fake.requests[0]?.url.searchParams.get('fields')).toBe(
      'business_discovery.username(studio.rossi){username,name,biography,website,followers_count,follows_count,media_count,profile_picture_url}',
    );
    expect(result).toEqual({
      kind: 'found',
      profile: {
        username: 'studio.rossi',
        full_name: 'Studio Rossi',
        follower_count: 5_210,
        following_count: 301,
        media_count: 88,
        is_verified: null,
        is_private: false,
        category: null,
        country: null,
        date_joined: null,
        external_url: 'https://studiorossi.example',
        public_email: 'hello@studiorossi.it',
        biography:
          'Weddings & portraits 📷\nBookings: hello [at] studiorossi [dot] it\nPress: press@studiorossi.it',
        profile_pic_url: 'https://scontent.xx.fbcdn.net/v/t51/rossi.jpg',
        email_provenance: { provider: 'graph', field: 'biography', fetchedAt: '2026-03-01T10:00:00.000Z' },
        other_emails: ['press@studiorossi.it'],
      },
    });
  });

  it('finds no e-mail where the text has none (a @mention is not one)', async () => {
    const result = await provider().fetchProfile('quiet.shop');
    expect(result.kind === 'found' && result.profile.public_email).toBeNull();
  });

  it('reports "user cannot be found" (code 110 / subcode 2207013) as not found', async () => {
    expect(await provider().fetchProfile('ghost.account')).toEqual({ kind: 'not_found' });
  });

  it.each([4, 17, 32, 613])('treats error code %i as a rate limit', async (code) => {
    fake.failNext({
      ...graphError(400, code, 'Application request limit reached'),
      headers: { 'retry-after': '3' },
    });
    await expect(provider().fetchProfile('studio.rossi')).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 3_000,
    });
  });

  it('treats 5xx and transient codes as unavailable, and a bad token as refused', async () => {
    fake.failNext({ status: 503, raw: 'Service Unavailable' });
    await expect(provider().fetchProfile('studio.rossi')).rejects.toMatchObject({ kind: 'unavailable' });
    fake.failNext(graphError(500, 2, 'Service temporarily unavailable'));
    await expect(provider().fetchProfile('studio.rossi')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(provider('expired').fetchProfile('studio.rossi')).rejects.toMatchObject({
      kind: 'bad_response',
      message:
        'Instagram Graph API refused the request (code 190): Invalid OAuth access token - Cannot parse access token',
    });
  });

  it('cannot search, find similar accounts or list followers, following or hashtags, and says so', async () => {
    const graph = provider();
    expect(graph.capabilities).toEqual({
      search: false,
      similar: false,
      followers: false,
      following: false,
      hashtag: false,
    });
    await expect(graph.listAccounts('followers', 'studio.rossi')).rejects.toMatchObject({
      kind: 'unsupported',
      message: "Followers lists aren't available with the current data provider.",
    });
    await expect(graph.listAccounts('hashtag', 'bakery')).rejects.toMatchObject({ kind: 'unsupported' });
    await expect(graph.searchUsers('bakery')).rejects.toMatchObject({
      kind: 'unsupported',
      message: "Keyword search isn't available with the current data provider.",
    });
    await expect(graph.similarAccounts('studio.rossi')).rejects.toMatchObject({ kind: 'unsupported' });
    expect(fake.requests).toHaveLength(0);
  });
});
