import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProxy } from './proxy.ts';

// A stand-in account service that answers like the verification link: 302 with a session cookie.
const upstream = new Hono().get('/api/auth/verify-email', (c) => {
  c.header('set-cookie', 'prospector.session_token=abc; Path=/; HttpOnly');
  return c.redirect('/auth/callback', 302);
});

let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  await new Promise<void>((ready) => {
    server = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      ready();
    });
  });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('createApiProxy', () => {
  it("passes a service's redirect and its cookie to the browser instead of following it", async () => {
    const url = `http://127.0.0.1:${port}`;
    const edge = createApiProxy({
      account: url,
      marketing: url,
      extractor: url,
      database: url,
      billing: url,
    });
    const response = await edge.request('http://127.0.0.1/api/auth/verify-email?token=t', undefined, {
      incoming: { socket: { remoteAddress: '127.0.0.1' } },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth/callback');
    expect(response.headers.get('set-cookie')).toContain('prospector.session_token=abc');
  });
});
