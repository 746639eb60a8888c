import type { AddressInfo } from 'node:net';
import { createMemoryBus, type TMemoryBus } from '@prospector/bus';
import type { TEventEnvelope } from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, listen, startService, type THttpServer } from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import type { Hono } from 'hono';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TAccountConfig } from './config.ts';
import { accountService, createAccountService } from './service.ts';

/** Test support: the account service on a real port, a real SMTP sink, PostgreSQL and the bus. */

export const STRONG_PASSWORD = 'Str0ng#Pass';
export const VERIFY_SUBJECT = 'Confirm your Prospector account';
export const RESET_SUBJECT = 'Reset your Prospector password';
export const WELCOME_SUBJECT = 'Welcome to Prospector';
export const EXISTING_ACCOUNT_SUBJECT = 'Someone tried to sign up with your e-mail';

/** Resolves with the first defined value `read` returns, polling for up to `timeoutMs`. */
export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Nothing arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface TReceivedMail {
  to: string;
  subject: string;
  /** The decoded message source; links are found in it. */
  body: string;
}

/** A real SMTP server collecting what the service sends. */
export async function startSmtpSink() {
  const mails: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          body: raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in `body` whose path starts with `pathPrefix`. */
export function findLink(body: string, pathPrefix: string): string {
  const link = body
    .match(/https?:\/\/[^\s"<>]+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in:\n${body}`);
  return link.replaceAll('&amp;', '&');
}

/** Cookies as a browser keeps them, from Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  /** Another request from the same browser, whose answer must not change `jar`'s cookies. */
  static copy(jar: CookieJar): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
    return copy;
  }
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (!pair || separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface TAccountHarness {
  url: string;
  bus: TMemoryBus;
  database: TDatabase;
  smtp?: Awaited<ReturnType<typeof startSmtpSink>>;
  /** Events published on the bus since start, in order. */
  published: TEventEnvelope[];
  request(path: string, init?: RequestInit & { jar?: CookieJar; json?: unknown }): Promise<Response>;
  /**
   * The same app called in-process as if over a socket from `remoteAddress`, an address this machine
   * cannot connect from (hono's node-server reads the peer from `env.incoming.socket`).
   */
  requestFrom(remoteAddress: string, path: string, init?: RequestInit): Promise<Response>;
  /** Signs up, follows the mailed link and returns the signed-in browser's cookies. */
  createVerifiedUser(email: string, overrides?: Record<string, unknown>): Promise<CookieJar>;
  mailsTo(email: string): TReceivedMail[];
  waitForMail(email: string, subject: string): Promise<TReceivedMail>;
  stop(): Promise<void>;
}

export async function startAccountHarness(
  options: { smtp?: boolean; config?: Partial<TAccountConfig> } = {},
): Promise<TAccountHarness> {
  const logger = createLogger({ test: 'account' }, 'silent');
  const testDatabase = await createTestDatabase({ migrated: migratedSchemasOf(accountService) });
  const database = createDatabase({ url: testDatabase.url, schemaName: 'account', max: 4, logger });
  const bus = createMemoryBus({ logger });
  await bus.ensureStreams();
  const published: TEventEnvelope[] = [];
  const recorder = await bus.subscribe(['accounts.>', 'credits.>'], ({ event }) => {
    published.push(event);
  });
  const smtp = options.smtp === false ? undefined : await startSmtpSink();

  // Listen first: the public URL (better-auth's base URL and trusted origin) names the port.
  let app: Pick<Hono, 'fetch'> | undefined;
  const server: THttpServer = await listen(
    { fetch: (request: Request, env: unknown) => (app as Hono).fetch(request, env) } as Pick<Hono, 'fetch'>,
    0,
    '127.0.0.1',
  );
  const url = `http://127.0.0.1:${server.port}`;
  const publicUrl = options.config?.publicUrl ?? url;
  const definition = createAccountService({
    publicUrl,
    trustedOrigins: [],
    mailFrom: 'Prospector <no-reply@prospector.test>',
    smtpUrl: smtp?.url,
    authRateLimit: { max: 1_000, windowSeconds: 60 },
    ...options.config,
  });
  const running = await startService(definition, {
    database,
    bus,
    logger,
    trustedOrigins: [publicUrl, ...(options.config?.trustedOrigins ?? [])],
  });
  app = running.app;

  const request: TAccountHarness['request'] = async (path, init = {}) => {
    const { jar, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    // better-auth refuses POSTs without a trusted Origin (TOOLCHAIN); a browser sends the public one.
    if (!headers.has('origin')) headers.set('origin', publicUrl);
    if (jar) headers.set('cookie', jar.header());
    if (json !== undefined) headers.set('content-type', 'application/json');
    const response = await fetch(`${url}${path}`, {
      redirect: 'manual',
      ...rest,
      headers,
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    jar?.store(response);
    return response;
  };

  const mailsTo = (email: string) => smtp?.mails.filter((mail) => mail.to === email) ?? [];
  const waitForMail = (email: string, subject: string) =>
    waitFor(() => mailsTo(email).find((mail) => mail.subject === subject));

  const requestFrom: TAccountHarness['requestFrom'] = async (remoteAddress, path, init = {}) =>
    (app as Hono).request(`${url}${path}`, init, { incoming: { socket: { remoteAddress } } });

  return {
    url,
    requestFrom,
    bus,
    database,
    smtp,
    published,
    request,
    mailsTo,
    waitForMail,
    async createVerifiedUser(email, overrides = {}) {
      const signUp = await request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { ...signUpBody(email), ...overrides },
      });
      expect(signUp.status).toBe(200);
      const mail = await waitForMail(email, VERIFY_SUBJECT);
      const jar = new CookieJar();
      const link = findLink(mail.body, '/api/auth/verify-email');
      const verified = await request(new URL(link).pathname + new URL(link).search, { jar });
      expect(verified.status).toBe(302);
      return jar;
    },
    async stop() {
      await server.close();
      await running.stop();
      await recorder.stop();
      await bus.drain();
      await database.close();
      await smtp?.close();
      await testDatabase.drop();
    },
  };
}

/**
 * The harness of the calling `describe`, started before its tests and stopped after them: its members
 * are there once `beforeAll` has run.
 */
export function useAccountHarness(options: Parameters<typeof startAccountHarness>[0] = {}): TAccountHarness {
  const harness = {} as TAccountHarness;
  beforeAll(async () => {
    Object.assign(harness, await startAccountHarness(options));
  });
  afterAll(() => harness.stop());
  return harness;
}

export const signUpBody = (email: string) => ({
  email,
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountType: 'personal',
  country: 'Italy',
  callbackURL: '/auth/callback',
});

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
