import { get } from 'node:http';
import {
  CLIENT_IP_HEADER,
  CLIENT_IP_SIGNATURE_HEADER,
  createLogger,
  isClientIpSignatureValid,
  listen,
  signClientIp,
  type THttpServer,
} from '@prospector/service-kit';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiProxy } from './proxy.ts';

let liveStreamsClosed = 0;
let slowRequestsReceived = 0;
let slowRequestsAborted = 0;

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
      signature: c.req.header(CLIENT_IP_SIGNATURE_HEADER) ?? null,
      forwardedFor: c.req.header('x-forwarded-for') ?? null,
      realIp: c.req.header('x-real-ip') ?? null,
    }),
  )
  // Like the account service's live events: one event, then open until the client goes away.
  .get('/api/account/events', (c) =>
    streamSSE(c, async (stream) => {
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      await stream.writeSSE({ event: 'credits', data: '{}' });
      await closed;
      liveStreamsClosed += 1;
    }),
  )
  // A service still working when the client gives up: it answers only once its request is aborted.
  .get('/api/extractor/slow', async (c) => {
    slowRequestsReceived += 1;
    await new Promise<void>((resolve) => c.req.raw.signal.addEventListener('abort', () => resolve()));
    slowRequestsAborted += 1;
    return c.body(null, 204);
  });

let server: THttpServer;
let port = 0;

beforeAll(async () => {
  server = await listen(upstream, 0, '127.0.0.1');
  port = server.port;
});
// close() also ends the edge's kept-alive connections, which would otherwise hold the server open.
afterAll(() => server.close());

describe('createApiProxy', () => {
  const logged: Array<Record<string, unknown>> = [];
  const logger = createLogger({ service: 'edge' }, 'debug', (line) => logged.push(JSON.parse(line)));
  const createEdge = (url = `http://127.0.0.1:${port}`, edgeSecret?: string) =>
    createApiProxy({ account: url, marketing: url, extractor: url, database: url, billing: url }, logger, {
      edgeSecret,
    });
  afterEach(() => {
    logged.length = 0;
  });

  it('replaces every client-claimed address with the one the client connected from', async () => {
    const edge = createEdge();
    const claims: Array<Record<string, string>> = [
      {},
      { [CLIENT_IP_HEADER]: '127.0.0.1' },
      { 'x-forwarded-for': '10.0.0.1, 127.0.0.1', 'x-real-ip': '10.0.0.2' },
      { [CLIENT_IP_HEADER]: '192.0.2.99', 'X-Forwarded-For': '192.0.2.98' },
      {
        [CLIENT_IP_HEADER]: '127.0.0.1',
        [CLIENT_IP_SIGNATURE_HEADER]: signClientIp('x'.repeat(32), '127.0.0.1'),
      },
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
        signature: null,
        forwardedFor: '198.51.100.7',
        realIp: null,
      });
    }
  });

  it('signs the address it stamps with EDGE_SECRET, so the service can tell it came from the edge', async () => {
    const secret = 'the-secret-shared-with-the-services';
    const response = await createEdge(undefined, secret).request(
      'http://127.0.0.1/api/auth/sign-in/email',
      {
        method: 'POST',
        headers: { [CLIENT_IP_HEADER]: '127.0.0.1', [CLIENT_IP_SIGNATURE_HEADER]: 'forged' },
      },
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    );
    const received = (await response.json()) as { clientIp: string; signature: string };
    expect(received.clientIp).toBe('198.51.100.7');
    expect(isClientIpSignatureValid(secret, '198.51.100.7', received.signature)).toBe(true);
    expect(isClientIpSignatureValid(secret, '127.0.0.1', received.signature)).toBe(false);
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

  describe('a client that goes away', () => {
    // @hono/node-server prints any error of a response body to the console; the edge's stderr is
    // what an operator reads, so a browser closing a tab must leave nothing there.
    const printed = () => [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'info')];
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** Opens `path` through a listening edge; `drop` closes the connection as a closed tab does. */
    const open = async (path: string) => {
      const edge = await listen(createEdge(), 0, '127.0.0.1');
      const request = get(`http://127.0.0.1:${edge.port}${path}`);
      request.on('error', () => {});
      const firstChunk = new Promise<void>((received) =>
        request.on('response', (response) => {
          response.on('error', () => {});
          response.once('data', () => received());
        }),
      );
      return { edge, firstChunk, drop: () => request.destroy() };
    };

    it('closes the service’s live stream and logs no error when the browser closes it', async () => {
      const spies = printed();
      const closedBefore = liveStreamsClosed;
      const { edge, firstChunk, drop } = await open('/api/account/events');
      try {
        await firstChunk;
        drop();
        await expect.poll(() => liveStreamsClosed, { timeout: 5_000 }).toBe(closedBefore + 1);
        // The server reports a failed body after the upstream connection is gone; give it the time to.
        await new Promise((resolve) => setTimeout(resolve, 200));
        for (const spy of spies) expect(spy).not.toHaveBeenCalled();
        expect(logged.filter((entry) => entry.level !== 'debug')).toEqual([]);
      } finally {
        await edge.close();
      }
    });

    it('aborts the service’s request when the client leaves before the answer, logging it at debug', async () => {
      const spies = printed();
      const receivedBefore = slowRequestsReceived;
      const abortedBefore = slowRequestsAborted;
      const { edge, drop } = await open('/api/extractor/slow');
      try {
        await expect.poll(() => slowRequestsReceived, { timeout: 5_000 }).toBe(receivedBefore + 1);
        drop();
        await expect.poll(() => slowRequestsAborted, { timeout: 5_000 }).toBe(abortedBefore + 1);
        await expect.poll(() => logged.map((entry) => entry.level)).toEqual(['debug']);
        for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      } finally {
        await edge.close();
      }
    });
  });

  it('answers 503 with the error body and logs an error when the service is down', async () => {
    const closed = await listen(new Hono(), 0, '127.0.0.1');
    await closed.close();
    const response = await createEdge(`http://127.0.0.1:${closed.port}`).request(
      'http://127.0.0.1/api/billing/plans',
      undefined,
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        service: 'edge',
        upstream: 'billing',
        path: '/api/billing/plans',
        cause: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
      }),
    ]);
  });
});
