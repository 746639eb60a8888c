import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { EnvError, envFields, loadEnv } from '@prospector/config';
import { createDatabase, runMigrations, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import {
  createAddressPolicy,
  isPublicAddress,
  migrationsFolderOf,
  parseAddressAllowance,
} from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractorEnvShape, websiteBotEnvCheck, websiteEnvCheck, websiteEnvShape } from '../../env.ts';
import { findWebsiteEmail } from '../find-website-email.ts';
import type { TFetchedPage, TPageSource } from '../page-source.ts';
import { botInfoUrlOf, createNetworkPageSource, userAgentOf } from '../websites-config.ts';
import { startFakeDns } from './_fake-dns.ts';
import { html, redirect, startFakeSite, type TFakeSite, text } from './_fake-site.ts';

/**
 * The network page source against real HTTP servers on loopback addresses, on a real PostgreSQL
 * (cache, host turns). The sites are reached only through the explicit allowance tests set.
 */
describe('website pages from the network', () => {
  let testDatabase: TTestDatabase;
  const databases: TDatabase[] = [];
  const sites: TFakeSite[] = [];

  const openDatabase = () => {
    const database = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 3 });
    databases.push(database);
    return database;
  };
  const env = (values: Record<string, string> = {}) =>
    loadEnv('test', websiteEnvShape, { WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.1', ...values }, [
      websiteEnvCheck,
    ]);
  /** A reader (page source) of its own, as another process would have, sharing the database. */
  const reader = (values: Record<string, string> = {}, hostIntervalMs = 10): TPageSource =>
    createNetworkPageSource(env(values), openDatabase(), { hostIntervalMs });
  const site = async (...args: Parameters<typeof startFakeSite>) => {
    const started = await startFakeSite(...args);
    sites.push(started);
    return started;
  };
  const call = (ms = 10_000) => ({ signal: AbortSignal.timeout(ms), deadline: Date.now() + ms });
  const skipped = (reason: string) => expect.objectContaining({ kind: 'skipped', reason });

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const database = openDatabase();
    await runMigrations(database, {
      migrationsFolder: migrationsFolderOf(new URL('../../service.ts', import.meta.url).href),
      schemaName: 'extractor',
    });
  });

  afterAll(async () => {
    for (const started of sites) await started.close();
    for (const database of databases) await database.close();
    await testDatabase?.drop();
  });

  it("finds the address on a site's contact page, asks robots.txt first, names itself, and caches", async () => {
    const shop = await site({
      '/robots.txt': text('User-agent: *\nDisallow: /admin\n'),
      '/': html('<nav><a href="/shop">Shop</a> <a href="/kontakt">Kontakt</a></nav><p>Handmade bowls.</p>'),
      '/kontakt': html(
        '<p>Schreib uns: <a href="mailto:hallo@studio-site.com">hallo@studio-site.com</a></p>',
      ),
    });
    const pages = reader({ WEBSITE_BOT_INFO_URL: 'https://prospector.test/about-our-bot' });
    const lookup = () =>
      findWebsiteEmail(
        { external_url: `${shop.origin}/`, biography: null },
        { pages, budgetMs: 10_000, contactPages: 3 },
      );

    const found = await lookup();
    expect(found).toEqual({
      email: 'hallo@studio-site.com',
      pageUrl: `${shop.origin}/kontakt`,
      fetchedAt: expect.any(Date),
    });
    expect(shop.paths()).toEqual(['/robots.txt', '/', '/kontakt']);
    expect(new Set(shop.seen.map((request) => request.userAgent))).toEqual(
      new Set(['ProspectorBot/1.0 (+https://prospector.test/about-our-bot)']),
    );
    expect(userAgentOf('https://prospector.example/bot')).toBe(
      'ProspectorBot/1.0 (+https://prospector.example/bot)',
    );

    // Another reader (another process) gets the pages from the shared cache: the site sees nothing new.
    const again = await findWebsiteEmail(
      { external_url: `${shop.origin}/`, biography: null },
      { pages: reader(), budgetMs: 10_000, contactPages: 3 },
    );
    expect(again).toEqual(found);
    expect(shop.paths()).toHaveLength(3);
  });

  it('obeys a robots.txt that forbids the contact page to its user agent', async () => {
    const shop = await site({
      '/robots.txt': text('User-agent: *\nAllow: /\n\nUser-agent: ProspectorBot\nDisallow: /kontakt\n'),
      '/': html('<a href="/kontakt">Kontakt</a>'),
      '/kontakt': html('<p>hallo@studio-site.com</p>'),
    });
    const pages = reader();
    expect(await pages.fetchPage(`${shop.origin}/kontakt`, call())).toEqual(skipped('robots'));
    const found = await findWebsiteEmail(
      { external_url: shop.origin, biography: null },
      { pages, budgetMs: 10_000, contactPages: 3 },
    );
    expect(found).toBeNull();
    expect(shop.paths()).toEqual(['/robots.txt', '/']);
  });

  it('reads a site whose robots.txt is missing, and none whose robots.txt fails (5xx)', async () => {
    const open = await site({ '/': html('<p>a@open-site.com</p>') });
    expect(await reader().fetchPage(`${open.origin}/`, call())).toMatchObject({ kind: 'html' });
    const failing = await site({
      '/robots.txt': (_request, response) => void response.writeHead(503).end(),
      '/': html('<p>a@failing-site.com</p>'),
    });
    expect(await reader().fetchPage(`${failing.origin}/`, call())).toEqual(skipped('robots'));
    expect(failing.paths()).toEqual(['/robots.txt']);
  });

  it('refuses non-public addresses the allowance does not cover, before any connection and after redirects', async () => {
    const inner = await site({ '/': html('<p>secret@intranet-site.com</p>') });
    // The allowance covers 127.0.0.2 only: the site there may be read, the one on 127.0.0.1 may not.
    const outer = await site(
      {
        '/': redirect(`${inner.origin}/`),
        '/hop': redirect('/'),
        '/loop': redirect('/loop'),
        '/named': redirect(`http://localhost:${new URL(inner.origin).port}/`),
      },
      '127.0.0.2',
    );
    const pages = reader({ WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.2' });
    expect(await pages.fetchPage(`${outer.origin}/hop`, call())).toEqual(skipped('blocked_address'));
    expect(await pages.fetchPage(`${outer.origin}/named`, call())).toEqual(skipped('blocked_address'));
    expect(await pages.fetchPage(`${inner.origin}/`, call())).toEqual(skipped('blocked_address'));
    expect(inner.seen).toEqual([]);
    // Redirects are followed five times at most.
    expect(await pages.fetchPage(`${outer.origin}/loop`, call())).toEqual(skipped('too_many_redirects'));
    expect(outer.paths().filter((path) => path === '/loop')).toHaveLength(6);

    const strict = reader({ WEBSITE_ALLOW_PRIVATE_HOSTS: '' });
    for (const url of [
      `${inner.origin}/`,
      `http://localhost:${new URL(inner.origin).port}/`,
      `http://[::1]:${new URL(inner.origin).port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(await strict.fetchPage(url, call()), url).toEqual(skipped('blocked_address'));
    }
    expect(inner.seen).toEqual([]);
    expect(await strict.fetchPage('ftp://example.org/', call())).toEqual(skipped('refused_url'));
    expect(await strict.fetchPage('http://user:secret@example.org/', call())).toEqual(skipped('refused_url'));
  });

  it('connects to the address it checked: a name that turns private (DNS rebinding) reaches nothing', async () => {
    const dns = await startFakeDns();
    try {
      // One port on two loopback addresses: the allowed site on 127.0.0.2, the target on 127.0.0.1.
      const allowed = await site(
        { '/robots.txt': text(''), '/a': html('<p>a@public-site.com</p>') },
        '127.0.0.2',
      );
      const port = new URL(allowed.origin).port;
      const target = await site(
        { '/robots.txt': text(''), '/b': html('<p>secret@intranet-site.com</p>') },
        '127.0.0.1',
        Number(port),
      );
      const pages = createNetworkPageSource(
        env({ WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.2' }),
        openDatabase(),
        {
          hostIntervalMs: 10,
          resolve: dns.resolve,
        },
      );

      dns.state.answer = '127.0.0.2';
      expect(await pages.fetchPage(`http://rebind.test:${port}/a`, call())).toMatchObject({ kind: 'html' });
      // robots.txt and the page: one resolution per connection, made by the connection itself.
      expect(dns.state.queries).toBe(2);
      expect(allowed.paths()).toEqual(['/robots.txt', '/a']);

      dns.state.answer = '127.0.0.1';
      expect(await pages.fetchPage(`http://rebind.test:${port}/b`, call())).toEqual(
        skipped('blocked_address'),
      );
      expect(dns.state.queries).toBe(3);
      expect(target.seen).toEqual([]);
    } finally {
      await dns.close();
    }
  });

  it('aborts a page beyond 1 MB, also when it arrives compressed', async () => {
    let wroteEverything = false;
    const big = await site({
      '/': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 5 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          wroteEverything = true;
          response.end();
        };
        response.on('close', () => response.removeAllListeners('drain'));
        pump();
      },
      '/bomb': (_request, response) => {
        const zeros = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20));
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zeros);
      },
      '/declared': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(5 * 1024 * 1024) });
        response.write('<p>');
      },
    });
    const pages = reader();
    expect(await pages.fetchPage(`${big.origin}/`, call())).toEqual(skipped('too_large'));
    expect(wroteEverything).toBe(false);
    expect(await pages.fetchPage(`${big.origin}/bomb`, call())).toEqual(skipped('too_large'));
    expect(await pages.fetchPage(`${big.origin}/declared`, call())).toEqual(skipped('too_large'));
  });

  it('gives a page 5 s and no more', async () => {
    const slow = await site({
      '/': async (_request, response) => {
        await sleep(8_000);
        if (!response.destroyed) html('<p>late@slow-site.com</p>')(_request, response);
      },
    });
    const started = Date.now();
    expect(await reader().fetchPage(`${slow.origin}/`, call(20_000))).toEqual(skipped('timeout'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(7_000);
  }, 15_000);

  it('keeps a slow site to its account budget', async () => {
    const slow = await site({ '/': async () => void (await sleep(10_000)) });
    const started = Date.now();
    const found = await findWebsiteEmail(
      { external_url: slow.origin, biography: null },
      { pages: reader(), budgetMs: 1_500, contactPages: 3 },
    );
    expect(found).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads HTML only: other content types are not downloaded', async () => {
    const files = await site({
      '/brochure': (_request, response) =>
        void response.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.alloc(4096)),
      '/plain': (_request, response) => void response.writeHead(200).end('<p>a@plain-site.com</p>'),
      '/xhtml': html('<p>a@xhtml-site.com</p>', { 'content-type': 'application/xhtml+xml' }),
    });
    const pages = reader();
    expect(await pages.fetchPage(`${files.origin}/brochure`, call())).toEqual(skipped('not_html'));
    expect(await pages.fetchPage(`${files.origin}/plain`, call())).toEqual(skipped('not_html'));
    const xhtml = (await pages.fetchPage(`${files.origin}/xhtml`, call())) as Extract<
      TFetchedPage,
      { kind: 'html' }
    >;
    expect(xhtml.html).toContain('a@xhtml-site.com');
  });

  it('sends one request a second to a host, across two readers sharing the database', async () => {
    const busy = await site({
      '/robots.txt': text('User-agent: *\nAllow: /\n'),
      '/a': html('a'),
      '/b': html('b'),
      '/c': html('c'),
      '/d': html('d'),
    });
    const first = reader({}, 1_000);
    const second = reader({}, 1_000);
    const results = await Promise.all([
      first.fetchPage(`${busy.origin}/a`, call()),
      second.fetchPage(`${busy.origin}/b`, call()),
      first.fetchPage(`${busy.origin}/c`, call()),
      second.fetchPage(`${busy.origin}/d`, call()),
    ]);
    expect(results.map((result) => result.kind)).toEqual(['html', 'html', 'html', 'html']);
    const times = busy.seen.map((request) => request.at).sort((a, b) => a - b);
    // robots.txt (asked by both readers at first, or once) and the four pages, each in its own second.
    // The limiter spaces the moments requests leave; this server, in the test's own process, sees them
    // when its event loop gets to them, so one arrival may run late and shorten the gap after it (799 ms
    // was seen under load 6). No two arrive together, and the last is at least the slots' span after the
    // first, less that lateness.
    expect(times.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < times.length; i += 1) {
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(500);
    }
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThanOrEqual(
      (times.length - 1) * 1_000 - 500,
    );
  }, 20_000);

  it('names the privacy policy at PUBLIC_URL in its user agent unless another page is set', async () => {
    const shop = await site({ '/': html('<p>Handmade bowls.</p>') });
    const pages = createNetworkPageSource(
      { ...env(), PUBLIC_URL: 'https://app.prospector.test/' },
      openDatabase(),
      { hostIntervalMs: 10 },
    );
    expect(await pages.fetchPage(`${shop.origin}/`, call())).toMatchObject({ kind: 'html' });
    expect(new Set(shop.seen.map((request) => request.userAgent))).toEqual(
      new Set(['ProspectorBot/1.0 (+https://app.prospector.test/privacy-policy)']),
    );
    expect(botInfoUrlOf({ ...env(), PUBLIC_URL: 'https://app.prospector.test' })).toBe(
      'https://app.prospector.test/privacy-policy',
    );
    expect(
      botInfoUrlOf({ ...env({ WEBSITE_BOT_INFO_URL: 'https://bot.test/' }), PUBLIC_URL: 'https://a.test' }),
    ).toBe('https://bot.test/');
    expect(botInfoUrlOf(env())).toBe('http://localhost:3000/privacy-policy');
  });

  it('gives a page up when the host has no turn left within the account time', async () => {
    const busy = await site({ '/robots.txt': text(''), '/a': html('a'), '/b': html('b') });
    const pages = reader({}, 2_000);
    expect(await pages.fetchPage(`${busy.origin}/a`, call(20_000))).toMatchObject({ kind: 'html' });
    const started = Date.now();
    expect(await pages.fetchPage(`${busy.origin}/b`, call(1_000))).toEqual(skipped('busy'));
    expect(Date.now() - started).toBeLessThan(500);
  }, 20_000);
});

describe('which addresses a website fetch may reach', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast, ULA and mapped addresses', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('allows only what the allowance names, and parses it strictly', () => {
    const policy = createAddressPolicy(parseAddressAllowance('127.0.0.2, 10.9.0.0/16'));
    expect(policy.allows('127.0.0.2')).toBe(true);
    expect(policy.allows('127.0.0.1')).toBe(false);
    expect(policy.allows('10.9.200.1')).toBe(true);
    expect(policy.allows('10.10.0.1')).toBe(false);
    expect(() => parseAddressAllowance('localhost')).toThrow(
      '"localhost" is not an IP address or CIDR range',
    );
    expect(() => parseAddressAllowance('10.0.0.0/33')).toThrow();
  });

  it('refuses to start in production without PUBLIC_URL, naming it, rather than link a placeholder', () => {
    const production = {
      NODE_ENV: 'production',
      OPTOUT_KEY: 'k'.repeat(32),
      DATABASE_URL: 'postgres://db/x',
      NATS_URL: 'nats://nats:4222',
    };
    const load = (values: Record<string, string>) => () =>
      loadEnv('extractor service', extractorEnvShape, { ...production, ...values }, [websiteBotEnvCheck]);
    expect(load({})).toThrow(
      "Invalid environment for extractor service: PUBLIC_URL is required when NODE_ENV=production (the website crawler's user agent links to the privacy policy there).",
    );
    expect(load({ PUBLIC_URL: 'https://app.prospector.io' })().PUBLIC_URL).toBe('https://app.prospector.io');
    expect(load({ NODE_ENV: 'development' })().PUBLIC_URL).toBeUndefined();
    const withNodeEnv = { ...websiteEnvShape, NODE_ENV: envFields.nodeEnv };
    const unchecked = loadEnv('test', withNodeEnv, { NODE_ENV: 'production' });
    expect(() => createNetworkPageSource(unchecked, {} as TDatabase)).toThrow(
      'PUBLIC_URL is required when NODE_ENV=production',
    );
  });

  it('refuses the allowance in production', () => {
    const withNodeEnv = { ...websiteEnvShape, NODE_ENV: envFields.nodeEnv };
    expect(() =>
      loadEnv('test', withNodeEnv, { NODE_ENV: 'production', WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }, [
        websiteEnvCheck,
      ]),
    ).toThrow(EnvError);
    expect(() => loadEnv('test', websiteEnvShape, { WEBSITE_ALLOW_PRIVATE_HOSTS: 'intranet' })).toThrow(
      'WEBSITE_ALLOW_PRIVATE_HOSTS "intranet" is not an IP address or CIDR range',
    );
    const production = loadEnv('test', withNodeEnv, { NODE_ENV: 'production' });
    expect(() =>
      createNetworkPageSource({ ...production, WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }, {} as TDatabase),
    ).toThrow('WEBSITE_ALLOW_PRIVATE_HOSTS must be unset when NODE_ENV=production');
  });
});
