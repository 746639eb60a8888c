import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createAccountService } from '@prospector/account';
import { createMemoryBus } from '@prospector/bus';
import { createDatabase, type TDatabase } from '@prospector/db';
import type { TTestDatabase } from '@prospector/db/testing';
import {
  CLIENT_IP_HEADER,
  CLIENT_IP_SIGNATURE_HEADER,
  createLogger,
  listen,
  signClientIp,
  startService,
  type THttpServer,
  type TRunningService,
} from '@prospector/service-kit';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComposedAppDatabase } from '../testing/_composed-app.ts';
import { createEdgeApp } from './edge-app.ts';

const LIMIT = 3;
const EDGE_SECRET = randomBytes(32).toString('base64url');
const logger = createLogger({ test: 'edge-client-address' }, 'silent');

/**
 * POSTs JSON over a real socket bound to `localAddress` (127.0.0.2, 127.0.0.3: every 127/8 address
 * is this machine's), so the first hop sees that address as the client's.
 */
function post(
  url: string,
  path: string,
  body: unknown,
  localAddress: string,
  headers: Record<string, string> = {},
) {
  const target = new URL(path, url);
  const payload = JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      target,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          origin: url,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

/** Distributed mode in miniature: the account service and the web edge in front, each on its own socket. */
describe('the client address across the edge → account service hop (real sockets, PostgreSQL)', () => {
  let testDatabase: TTestDatabase;
  let database: TDatabase;
  let account: TRunningService;
  let accountServer: THttpServer;
  let edge: ReturnType<typeof createEdgeApp>;
  let edgeServer: THttpServer;
  let edgeUrl: string;
  let accountUrl: string;

  beforeAll(async () => {
    testDatabase = await createComposedAppDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'account', max: 4, logger });
    const bus = createMemoryBus({ logger });
    await bus.ensureStreams();
    // Both listen first: the account service's public URL is the edge's, the edge forwards to it.
    let accountApp: Pick<Hono, 'fetch'> | undefined;
    accountServer = await listen(
      { fetch: (request, env) => (accountApp as Hono).fetch(request, env) },
      0,
      '127.0.0.1',
    );
    accountUrl = `http://127.0.0.1:${accountServer.port}`;
    edgeServer = await listen({ fetch: (request, env) => edge.fetch(request, env) }, 0, '127.0.0.1');
    edgeUrl = `http://127.0.0.1:${edgeServer.port}`;

    account = await startService(
      createAccountService({
        publicUrl: edgeUrl,
        trustedOrigins: [],
        mailFrom: 'Prospector <no-reply@prospector.test>',
        edgeSecret: EDGE_SECRET,
        authRateLimit: { max: LIMIT, windowSeconds: 60 },
      }),
      { database, bus, logger, trustedOrigins: [edgeUrl] },
    );
    accountApp = account.app;
    edge = createEdgeApp(
      {
        account: accountUrl,
        marketing: accountUrl,
        extractor: accountUrl,
        database: accountUrl,
        billing: accountUrl,
      },
      logger,
      { edgeSecret: EDGE_SECRET },
    );
  });

  afterAll(async () => {
    await edgeServer?.close();
    await accountServer?.close();
    await account?.stop();
    await database?.close();
    await testDatabase?.drop();
  });

  // The browser's origin is the edge's, whichever server the request goes to.
  const signIn = (url: string, localAddress: string, headers: Record<string, string> = {}) =>
    post(
      url,
      '/api/auth/sign-in/email',
      { email: 'nobody@example.com', password: 'wrong-password' },
      localAddress,
      { origin: edgeUrl, ...headers },
    );

  it('locks out the client that hammers sign-in, and only that client', async () => {
    const fromFirst: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) fromFirst.push(await signIn(edgeUrl, '127.0.0.2'));
    expect(fromFirst).toEqual([401, 401, 401, 429]);
    // Another client behind the same edge still gets to try.
    expect(await signIn(edgeUrl, '127.0.0.3')).toBe(401);
  });

  it('ignores a client address stamped without a valid signature, at the edge and at the service', async () => {
    const forged = (attempt: number) => ({
      [CLIENT_IP_HEADER]: `198.51.100.${attempt}`,
      [CLIENT_IP_SIGNATURE_HEADER]: signClientIp(
        'not-the-edge-secret-but-long-enough',
        `198.51.100.${attempt}`,
      ),
      'x-forwarded-for': `198.51.100.${attempt}`,
    });
    // Straight to the service, claiming a new address each time: it counts the socket's address.
    const direct: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1)
      direct.push(await signIn(accountUrl, '127.0.0.4', forged(attempt)));
    expect(direct).toEqual([401, 401, 401, 429]);
    // Through the edge, the claims are replaced with the address the edge saw.
    const throughEdge: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1)
      throughEdge.push(await signIn(edgeUrl, '127.0.0.5', forged(attempt)));
    expect(throughEdge).toEqual([401, 401, 401, 429]);
  });

  it('shows the dev mailbox to a loopback client through the edge, and to no one else', async () => {
    const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      // The edge in-process as if over a socket from `remoteAddress`; its hop to the service is real.
      edge.request(`${edgeUrl}/dev/mailbox.json`, { headers }, { incoming: { socket: { remoteAddress } } });
    expect((await mailbox('127.0.0.2')).status).toBe(200);
    expect((await mailbox('203.0.113.9')).status).toBe(404);
    expect(
      (await mailbox('203.0.113.9', { [CLIENT_IP_HEADER]: '127.0.0.1', 'x-forwarded-for': '127.0.0.1' }))
        .status,
    ).toBe(404);
  });
});
