import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvatarKeys } from './avatar-keys.ts';
import { createAvatarFetcher, DEFAULT_AVATAR_FETCH_OPTIONS } from './fetch-avatar.ts';

describe('avatar keys', () => {
  const keys = createAvatarKeys('a-test-secret-of-enough-length');
  const url = 'https://scontent-mxp1-1.cdninstagram.com/v/t51.2885-19/a.jpg?stp=dst-jpg&_nc_ht=x';

  it('round-trips a signed URL and refuses a tampered or foreign one', () => {
    const key = keys.keyFor(url);
    expect(keys.resolve(key)).toEqual({ kind: 'remote', url });
    const [prefix, payload, signature] = key.split('.');
    const otherPayload = Buffer.from('https://evil.example/a.jpg').toString('base64url');
    expect(keys.resolve(`${prefix}.${otherPayload}.${signature}`)).toBeNull();
    expect(keys.resolve(`${prefix}.${payload}.${signature?.slice(1)}`)).toBeNull();
    expect(createAvatarKeys('another-secret-of-enough-length').resolve(key)).toBeNull();
  });

  it('reads sandbox keys only for valid usernames', () => {
    expect(keys.resolve('sandbox.bella.bakery')).toEqual({ kind: 'sandbox', username: 'bella.bakery' });
    expect(keys.resolve('sandbox.<svg>')).toBeNull();
    expect(keys.resolve('sandbox.')).toBeNull();
  });

  it('proxies provider URLs, keeps its own paths and drops anything else', () => {
    expect(keys.proxiedUrl(url)).toMatch(/^\/api\/extractor\/avatars\/p\./);
    expect(keys.proxiedUrl('/api/extractor/avatars/sandbox.anna')).toBe(
      '/api/extractor/avatars/sandbox.anna',
    );
    expect(keys.proxiedUrl('javascript:alert(1)')).toBeNull();
    expect(keys.proxiedUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(keys.proxiedUrl(null)).toBeNull();
  });
});

describe('createAvatarFetcher', () => {
  let base = '';
  const server = createServer((req, res) => {
    if (req.url === '/slow.png') return; // never answers
    if (req.url === '/chunked.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      // No Content-Length: the cap must hold while streaming.
      for (let index = 0; index < 20; index += 1) res.write(Buffer.alloc(32 * 1024));
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([1, 2, 3]));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const local = (overrides = {}) =>
    createAvatarFetcher({
      ...DEFAULT_AVATAR_FETCH_OPTIONS,
      allowedHosts: ['127.0.0.1'],
      allowHttp: true,
      ...overrides,
    });

  it('stops reading a picture that grows past the cap without announcing its size', async () => {
    expect(await local().fetch(`${base}/chunked.png`)).toEqual({ kind: 'refused', reason: 'too_large' });
    expect(await local({ maxBytes: 1024 * 1024 }).fetch(`${base}/chunked.png`)).toMatchObject({
      kind: 'image',
    });
  });

  it('gives up on a host that does not answer in time', async () => {
    expect(await local({ timeoutMs: 50 }).fetch(`${base}/slow.png`)).toMatchObject({ kind: 'failed' });
  });

  it('fetches only over https from the allowed hosts by default', async () => {
    const production = createAvatarFetcher();
    expect(await production.fetch(`${base}/ok.png`)).toEqual({ kind: 'refused', reason: 'host' });
    expect(await production.fetch('http://scontent.cdninstagram.com/a.jpg')).toEqual({
      kind: 'refused',
      reason: 'host',
    });
    expect(await production.fetch('https://cdninstagram.com.evil.example/a.jpg')).toEqual({
      kind: 'refused',
      reason: 'host',
    });
    expect(await production.fetch('https://user:pw@scontent.cdninstagram.com/a.jpg')).toEqual({
      kind: 'refused',
      reason: 'host',
    });
    expect(await production.fetch('not a url')).toEqual({ kind: 'refused', reason: 'host' });
  });
});
