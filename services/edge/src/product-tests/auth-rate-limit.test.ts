import { tmpdir } from 'node:os';
import type { TAccountConfig } from '@prospector/account';
import { AUTH_ERROR_MESSAGES } from '@prospector/contracts';
import type { TTestDatabase } from '@prospector/db/testing';
import { CLIENT_IP_HEADER, createLogger } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type TEmbeddedServer } from '../composition/start-embedded.ts';
import { createComposedAppDatabase } from '../testing/_composed-app.ts';

const PUBLIC_URL = 'http://localhost:3000';
const LIMIT = 3;

const account: TAccountConfig = {
  publicUrl: PUBLIC_URL,
  trustedOrigins: [],
  mailFrom: 'Prospector <no-reply@prospector.test>',
  authRateLimit: { max: LIMIT, windowSeconds: 60 },
};

/** A different made-up address in every header a client could use to claim one. */
const spoofed = (attempt: number) => ({
  'x-forwarded-for': `203.0.113.${attempt}, 198.51.100.${attempt}`,
  'x-real-ip': `192.0.2.${attempt}`,
  [CLIENT_IP_HEADER]: `198.18.0.${attempt}`,
});

describe('auth rate limits in the embedded composition (real PostgreSQL)', () => {
  let database: TTestDatabase;
  let server: TEmbeddedServer;
  beforeAll(async () => {
    database = await createComposedAppDatabase();
    server = await startEmbedded({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: database.url,
      dataDir: tmpdir(),
      logger: createLogger({ test: 'rate-limit' }, 'silent'),
      web: false,
      account,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** Posts `body` to `path` LIMIT + 1 times, each claiming another address; returns the statuses. */
  const hammer = async (path: string, body: (attempt: number) => unknown) => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 1; attempt <= LIMIT + 1; attempt += 1) {
      last = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...spoofed(attempt) },
        body: JSON.stringify(body(attempt)),
      });
      statuses.push(last.status);
      if (attempt <= LIMIT) await last.body?.cancel();
    }
    return { statuses, last: last as Response };
  };

  it('limits sign-in attempts per real client address, whatever addresses the client claims', async () => {
    const { statuses, last } = await hammer('/api/auth/sign-in/email', () => ({
      email: 'someone@example.com',
      password: 'wrong-password',
    }));
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await last.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: AUTH_ERROR_MESSAGES.RATE_LIMITED,
    });
  });

  it('limits sign-up the same way', async () => {
    const { statuses } = await hammer('/api/auth/sign-up/email', (attempt) => ({
      email: `limited-${attempt}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'Str0ng#Pass',
      firstName: 'Ada',
      lastName: 'Lovelace',
      accountType: 'personal',
      country: 'Italy',
    }));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits password-reset requests the same way', async () => {
    const { statuses } = await hammer('/api/auth/request-password-reset', () => ({
      email: 'someone@example.com',
      redirectTo: '/reset-password',
    }));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
