import { serve } from '@hono/node-server';
import { CLIENT_IP_HEADER } from '@prospector/service-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiProxy } from './proxy.ts';

// A stand-in account service that answers like the verification link (302 with a session cookie)
// and echoes the address headers it received.
const upstream = new Hono()
  .get('/api/auth/verify-email', (c) => {
    c.header('set-cookie', 'prospector.session_token=abc; Path=/; HttpOnly');
    return c.redirect('/auth/callback', 302);
  })
  .post('/api/auth/sign-in/email', (c) =>
    c.json({
      clientIp: c.req.header(CLIENT_IP_HEADER) ?? null,
      forwardedFor: c.req.header('x-forwarded-for') ?? null,
      realIp: c.req.header('x-real-ip') ?? null,
    }),
  );

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
  const createEdge = () => {
    const url = `http://127.0.0.1:${port}`;
    return createApiProxy({ account: url, marketing: url, extractor: url, database: url, billing: url });
  };

  it('replaces every client-claimed address with the one the client connected from', async () => {
    const edge = createEdge();
    const claims: Array<Record<string, string>> = [
      {},
      { [CLIENT_IP_HEADER]: '127.0.0.1' },
      { 'x-forwarded-for': '10.0.0.1, 127.0.0.1', 'x-real-ip': '10.0.0.2' },
      { [CLIENT_IP_HEADER]: '192.0.2.99', 'X-Forwarded-For': '192.0.2.98' },
    ];
    for (const headers of claims) {
      const response = await edge.request(
        'http://127.0.0.1/api/auth/sign-in/email',
        { method: 'POST', headers },
        { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
      );
      expect(response.status).toBe(200);
      expect(await response.json(), JSON.stringify(headers)).toEqual({
        clientIp: '198.51.100.7',
        forwardedFor: '198.51.100.7',
        realIp: null,
      });
    }
  });

  it("passes a service's redirect and its cookie to the browser instead of following it", async () => {
    const edge = createEdge();
    const response = await edge.request('http://127.0.0.1/api/auth/verify-email?token=t', undefined, {
      incoming: { socket: { remoteAddress: '127.0.0.1' } },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth/callback');
    expect(response.headers.get('set-cookie')).toContain('prospector.session_token=abc');
  });
});
