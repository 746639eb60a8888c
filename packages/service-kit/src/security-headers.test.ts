import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type THttpServer } from './http-server.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';

const POLICY = contentSecurityPolicy();
const OWN_POLICY = "default-src 'none'";

function app() {
  const routes = new Hono();
  routes.use('*', securityHeaders());
  routes.get('/api/plain', (c) => c.json({ ok: true }));
  routes.get('/api/cached', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'private, max-age=60' }));
  routes.get('/api/own-policy', (c) =>
    c.body('<svg/>', 200, { 'Content-Security-Policy': OWN_POLICY, 'Content-Type': 'image/svg+xml' }),
  );
  routes.get('/api/fails', () => {
    throw new Error('boom');
  });
  routes.get('/page', (c) => c.html('<p>page</p>'));
  return routes;
}

/** What a client sees of a response: the headers this middleware is about. */
async function seen(response: Response) {
  await response.arrayBuffer();
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy'),
    sniff: response.headers.get('x-content-type-options'),
    frame: response.headers.get('x-frame-options'),
    referrer: response.headers.get('referrer-policy'),
    cache: response.headers.get('cache-control'),
    type: response.headers.get('content-type'),
  };
}

const DEFAULTS = {
  csp: POLICY,
  sniff: 'nosniff',
  frame: 'DENY',
  referrer: 'strict-origin-when-cross-origin',
};
const EXPECTED: Array<[string, Awaited<ReturnType<typeof seen>>]> = [
  ['/api/plain', { status: 200, ...DEFAULTS, cache: 'no-store', type: 'application/json' }],
  ['/api/cached', { status: 200, ...DEFAULTS, cache: 'private, max-age=60', type: 'application/json' }],
  [
    '/api/own-policy',
    { status: 200, ...DEFAULTS, csp: OWN_POLICY, cache: 'no-store', type: 'image/svg+xml' },
  ],
  ['/api/fails', { status: 500, ...DEFAULTS, cache: 'no-store', type: 'text/plain; charset=UTF-8' }],
  ['/page', { status: 200, ...DEFAULTS, cache: null, type: 'text/html; charset=UTF-8' }],
];

describe('security headers', () => {
  let server: THttpServer;
  beforeAll(async () => {
    server = await listen(app(), 0, '127.0.0.1');
  });
  afterAll(() => server.close());

  // Served by Node the headers are the Node response's defaults; answered in-process they are added to
  // the response. A client sees the same either way: the response's own headers win.
  it.each(EXPECTED)('through Node, %s', async (path, expected) => {
    expect(await seen(await fetch(`http://127.0.0.1:${server.port}${path}`))).toEqual(expected);
  });

  it.each(EXPECTED)('in-process, %s', async (path, expected) => {
    expect(await seen(await app().request(path))).toEqual(expected);
  });
});
