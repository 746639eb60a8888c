import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '@prospector/config/precompress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebRoot } from '../testing/_factories.ts';
import { acceptedEncodings } from './static-files.ts';
import { createWebRoutes } from './web.ts';

// Big enough to be compressed, and compressible.
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const BIG_HTML = `<!doctype html><html><body>${'<p>Prospector</p>'.repeat(200)}</body></html>`;

describe('serving the built frontends compressed and revalidated', () => {
  const deploy = createWebRoot({ remotes: ['marketing'] });
  const shell = join(deploy.root, 'shell', 'dist');
  const marketing = join(deploy.root, 'mfe-marketing', 'dist');
  const web = createWebRoutes({ root: deploy.root });

  beforeAll(async () => {
    writeFileSync(join(shell, 'index.html'), BIG_HTML);
    writeFileSync(join(shell, 'assets', 'src-CMYjF3g1.js'), BIG_SCRIPT);
    writeFileSync(
      join(shell, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
    );
    mkdirSync(join(marketing, 'assets'), { recursive: true });
    writeFileSync(join(marketing, 'remoteEntry.js'), BIG_SCRIPT);
    await precompressDir(shell);
    await precompressDir(marketing);
  });
  afterAll(deploy.remove);

  it('sends the brotli variant to a client that accepts it, with the original type and the sent length', async () => {
    const response = await web.request('/assets/src-CMYjF3g1.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(BIG_SCRIPT);
  });

  it('sends gzip when brotli is refused, and the plain file when nothing is accepted', async () => {
    const gzipped = await web.request('/assets/src-CMYjF3g1.js', {
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0.8' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(BIG_SCRIPT);

    const plain = await web.request('/assets/src-CMYjF3g1.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Caches must still key on the header, or a cached brotli copy reaches a client without it.
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(BIG_SCRIPT)));
    expect(await plain.text()).toBe(BIG_SCRIPT);
  });

  it("compresses the SPA's index.html for every app route and answers a current copy with 304", async () => {
    const first = await web.request('/dashboard/billing', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(BIG_HTML);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();

    const again = await web.request('/', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it("revalidates a remote's entry by Last-Modified as well", async () => {
    const first = await web.request('/remotes/marketing/remoteEntry.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(lastModified).not.toBe('');

    const current = await web.request('/remotes/marketing/remoteEntry.js', {
      headers: { 'If-Modified-Since': lastModified },
    });
    expect(current.status).toBe(304);

    const old = await web.request('/remotes/marketing/remoteEntry.js', {
      headers: { 'If-Modified-Since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
    });
    expect(old.status).toBe(200);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await web.request('/favicon.svg', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('never serves a compressed variant older than its file (left over from an earlier build)', async () => {
    const path = join(shell, 'assets', 'stale-Ab12Cd34.js');
    writeFileSync(path, BIG_SCRIPT);
    await precompressDir(join(shell, 'assets'));
    const rebuilt = `${BIG_SCRIPT}// rebuilt\n`;
    writeFileSync(path, rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    const response = await web.request('/assets/stale-Ab12Cd34.js', {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(rebuilt);
  });

  it('revalidates the runtime manifest with an ETag', async () => {
    const first = await web.request('/remotes/manifest.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await web.request('/remotes/manifest.json', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('acceptedEncodings', () => {
  it('honours q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, br;q=0')]).toEqual(['gzip']);
    expect(acceptedEncodings('*').has('br')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings(' BR ; q=0.5 ').has('br')).toBe(true);
  });
});
