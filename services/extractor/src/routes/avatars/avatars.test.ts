import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TKeywordSearchResponse, TKeywordSearchUser } from '@prospector/contracts';
import { DATABASE_RPC } from '@prospector/contracts';
import type { TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_FETCH_OPTIONS } from '../../providers/avatars/fetch-avatar.ts';
import { cannotListAccounts, NO_ACCOUNT_LISTS, type TDataProvider } from '../../providers/provider-port.ts';
import { createExtractorTestbed, extractorConfig, jsonRequest } from '../_factories.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A local stand-in for Instagram's picture CDN. */
async function startFakeCdn() {
  const hits: string[] = [];
  const send = (
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body?: Buffer | string,
  ) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    switch (req.url) {
      case '/small.png':
        return send(res, 200, { 'content-type': 'image/png', 'content-length': String(PNG.length) }, PNG);
      case '/huge.jpg':
        return send(res, 200, { 'content-type': 'image/jpeg' }, Buffer.alloc(600 * 1024, 1));
      case '/page.html':
        return send(res, 200, { 'content-type': 'text/html' }, '<script>alert(1)</script>');
      case '/vector.svg':
        return send(res, 200, { 'content-type': 'image/svg+xml' }, '<svg onload="alert(1)"/>');
      case '/elsewhere.png':
        return send(res, 302, { location: 'https://attacker.example/steal.png' });
      default:
        return send(res, 404, {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A provider whose search results carry the pictures under test (as a real provider's CDN URLs). */
function providerWithPictures(pictures: string[]): TDataProvider {
  const users: TKeywordSearchUser[] = pictures.map((url, index) => ({
    username: `pictured.${index}`,
    full_name: null,
    profile_pic_url: url,
    is_verified: false,
    is_private: false,
    follower_count: null,
    category: null,
  }));
  return {
    name: 'apify',
    capabilities: { search: true, similar: true, ...NO_ACCOUNT_LISTS },
    fetchProfile: async () => ({ kind: 'not_found' }),
    searchUsers: async () => ({ users, nextCursor: null }),
    similarAccounts: async () => [],
    listAccounts: cannotListAccounts,
  };
}

describe('GET /api/extractor/avatars/:key', () => {
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let cdn: Awaited<ReturnType<typeof startFakeCdn>>;
  let service: TRunningService;
  let sandbox: TRunningService;
  let proxied: Record<string, string>;
  const paths = ['/small.png', '/huge.jpg', '/page.html', '/vector.svg', '/elsewhere.png'];

  beforeAll(async () => {
    testbed = await createExtractorTestbed();
    await testbed.bus.reply(DATABASE_RPC.extracted, async () => ({ extracted: [] }));
    cdn = await startFakeCdn();
    const pictures = [...paths.map((path) => `${cdn.url}${path}`), 'https://attacker.example/a.png'];
    service = await testbed.start(
      extractorConfig(
        {},
        {
          dataProvider: providerWithPictures(pictures),
          avatarFetch: { ...DEFAULT_AVATAR_FETCH_OPTIONS, allowedHosts: ['127.0.0.1'], allowHttp: true },
        },
      ),
    );
    sandbox = await testbed.start(extractorConfig());
    const search = await service.app.request(
      '/api/extractor/search',
      jsonRequest('POST', { keyword: 'pics' }, 'ada'),
    );
    const { users } = (await search.json()) as TKeywordSearchResponse;
    proxied = Object.fromEntries(
      users.map((user, index) => [pictures[index] as string, user.profile_pic_url as string]),
    );
  });
  afterAll(async () => {
    await testbed.stop();
    await cdn.close();
  });

  const get = (target: TRunningService, path: string, userId: string | undefined = 'ada') =>
    target.app.request(path, jsonRequest('GET', undefined, userId));
  const proxiedPath = (path: string) => proxied[`${cdn.url}${path}`] as string;

  it('never hands the browser the provider’s own picture URL', () => {
    for (const [original, path] of Object.entries(proxied)) {
      expect(path).toMatch(/^\/api\/extractor\/avatars\/p\./);
      expect(path).not.toContain(original);
    }
  });

  it('serves an allowed picture, then from its cache', async () => {
    const response = await get(service, proxiedPath('/small.png'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    const hits = cdn.hits.filter((hit) => hit === '/small.png').length;
    expect((await get(service, proxiedPath('/small.png'))).status).toBe(200);
    expect(cdn.hits.filter((hit) => hit === '/small.png')).toHaveLength(hits);
  });

  it('refuses a picture over the size cap', async () => {
    const response = await get(service, proxiedPath('/huge.jpg'));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: 'PROVIDER_FAILED', message: 'The picture is too large' },
    });
  });

  it('refuses what is not a raster image (HTML, SVG)', async () => {
    for (const path of ['/page.html', '/vector.svg']) {
      const response = await get(service, proxiedPath(path));
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: { message: 'The picture is not an image' } });
    }
  });

  it('refuses foreign hosts, directly or through a redirect', async () => {
    const direct = await get(service, proxied['https://attacker.example/a.png'] as string);
    expect(direct.status).toBe(403);
    expect(await direct.json()).toEqual({
      error: { code: 'FORBIDDEN', message: "This picture's host is not allowed" },
    });
    expect((await get(service, proxiedPath('/elsewhere.png'))).status).toBe(403);
  });

  it('refuses keys it did not sign, so no caller can choose what the server fetches', async () => {
    const forged = `p.${Buffer.from(`${cdn.url}/small.png?x=1`).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`;
    const before = cdn.hits.length;
    for (const key of [forged, 'p.abc', 'https%3A%2F%2Fexample.com%2Fa.png', 'sandbox.not%20valid!']) {
      const response = await get(service, `/api/extractor/avatars/${key}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Picture not found' } });
    }
    // Another instance (another secret) does not accept this one's keys either.
    expect((await get(sandbox, proxiedPath('/small.png'))).status).toBe(404);
    expect(cdn.hits.length).toBe(before);
  });

  it('draws sandbox avatars as script-free SVG under a locked-down CSP', async () => {
    const search = await sandbox.app.request(
      '/api/extractor/search',
      jsonRequest('POST', { keyword: 'travel' }, 'ada'),
    );
    const { users } = (await search.json()) as TKeywordSearchResponse;
    const response = await get(sandbox, users[0]?.profile_pic_url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('refuses a signed-out caller', async () => {
    expect((await get(sandbox, '/api/extractor/avatars/sandbox.bella.bakery', '')).status).toBe(401);
  });
});
