import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDnsServer, type TFakeDnsServer } from './_fake-dns-server.ts';
import { startFakeSmtpServer } from './_fake-smtp-server.ts';
import { checkWithin, createEmailChecker, type TEmailChecker } from './email-checker.ts';
import { createResolverMailDns } from './mail-dns.ts';
import { createSmtpProbe } from './smtp-probe.ts';

// The checks against a real DNS server (dns2, over UDP on a local port) and real SMTP servers
// (smtp-server), as EMAIL_DNS_SERVERS and EMAIL_SMTP_PROBE_PORT point them in production.

let dns: TFakeDnsServer;
let acceptingSmtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let acceptAllSmtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

beforeAll(async () => {
  dns = await startFakeDnsServer({
    'shop.test': {
      mx: [
        { exchange: 'mx2.shop.test', priority: 20 },
        { exchange: 'mx1.shop.test', priority: 10 },
      ],
    },
    'mx1.shop.test': { a: ['127.0.0.1'] },
    'mx2.shop.test': { a: ['127.0.0.1'] },
    // No MX, but an address: the domain itself takes mail (RFC 5321 §5.1).
    'direct.test': { a: ['127.0.0.1'] },
    'v6only.test': { aaaa: ['::1'] },
    // Exists (answers NOERROR) with no MX and no address: nowhere to deliver.
    'parked.test': {},
    'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
    'broken.test': { servfail: true },
    'yopmail.com': { mx: [{ exchange: 'mx.yopmail.com', priority: 10 }] },
  });
  acceptingSmtp = await startFakeSmtpServer({ mailboxes: ['anna@shop.test', 'info@shop.test'] });
  acceptAllSmtp = await startFakeSmtpServer({ mailboxes: [], acceptAll: true });
});
afterAll(async () => {
  await dns.close();
  await acceptingSmtp.close();
  await acceptAllSmtp.close();
});

const resolver = () => createResolverMailDns({ servers: [dns.address], timeoutMs: 500, tries: 1 });
const checker = (probePort?: number): TEmailChecker =>
  createEmailChecker({
    dns: resolver(),
    probe: probePort
      ? createSmtpProbe({ port: probePort, helo: 'checker.test', from: '', timeoutMs: 3000 })
      : null,
    cacheTtlMs: 60_000,
    cacheSize: 100,
  });

describe('the checks on DNS alone (the probe off, the default)', () => {
  const check = (email: string) => checker().check(email);

  it.each([
    ['anna@shop.test', 'deliverable', 'accepts_mail', 'the domain has a mail server', false],
    ['anna@direct.test', 'deliverable', 'accepts_mail', 'the domain has a mail server', false],
    ['anna@v6only.test', 'deliverable', 'accepts_mail', 'the domain has a mail server', false],
    ['anna@nowhere.test', 'undeliverable', 'no_domain', 'this domain does not exist', false],
    ['anna@parked.test', 'undeliverable', 'no_mail_server', 'no mail server for this domain', false],
    ['anna@nullmx.test', 'undeliverable', 'no_mail_server', 'this domain says it accepts no mail', false],
    ['anna@broken.test', 'risky', 'unknown', "the domain's DNS did not answer", false],
    // A role mailbox is deliverable like any other; the flag says what kind of mailbox it is.
    ['info@shop.test', 'deliverable', 'accepts_mail', 'the domain has a mail server', true],
    ['hello+studio@shop.test', 'deliverable', 'accepts_mail', 'the domain has a mail server', true],
    ['bookings@parked.test', 'undeliverable', 'no_mail_server', 'no mail server for this domain', true],
    ['anna@yopmail.com', 'risky', 'disposable', 'a disposable e-mail domain', false],
    ['anna@@shop.test', 'undeliverable', 'malformed', 'not a valid e-mail address', false],
  ])('%s is %s (%s)', async (email, status, code, reason, role) => {
    expect(await check(email)).toEqual({ status, code, reason, role, checkedAt: expect.any(String) });
  });

  it('asks DNS once per domain, however many addresses are on it', async () => {
    const shared = checker();
    const before = dns.questions.filter((question) => question === 'MX cached.test').length;
    await Promise.all(['a', 'b', 'c', 'd'].map((local) => shared.check(`${local}@cached.test`)));
    await shared.check('e@cached.test');
    expect(dns.questions.filter((question) => question === 'MX cached.test').length - before).toBe(1);
  });

  it('asks again after an answer that settled nothing, and once more when the kept one expires', async () => {
    let time = Date.UTC(2026, 0, 1);
    const shared = createEmailChecker({
      dns: resolver(),
      probe: null,
      cacheTtlMs: 1_000,
      cacheSize: 10,
      now: () => new Date(time),
    });
    const asked = (domain: string) => dns.questions.filter((question) => question === `MX ${domain}`).length;
    const [brokenBefore, shopBefore] = [asked('broken.test'), asked('shop.test')];
    await shared.check('a@broken.test');
    await shared.check('b@broken.test');
    expect(asked('broken.test') - brokenBefore).toBe(2);
    await shared.check('a@shop.test');
    await shared.check('b@shop.test');
    time += 1_001;
    await shared.check('c@shop.test');
    expect(asked('shop.test') - shopBefore).toBe(2);
  });

  it('gives up on a DNS server that does not answer in time: risky, never undeliverable', async () => {
    const silent = createEmailChecker({
      dns: createResolverMailDns({ servers: ['127.0.0.1:9'], timeoutMs: 200, tries: 1 }),
      probe: null,
      cacheTtlMs: 60_000,
      cacheSize: 10,
    });
    expect(await silent.check('anna@shop.test')).toMatchObject({ status: 'risky', code: 'unknown' });
  });

  it('hands back no verdict past the time budget, and the answer still fills the cache', async () => {
    const slow = await startFakeDnsServer({
      'slow.test': { mx: [{ exchange: 'mx.slow.test', priority: 1 }], delayMs: 400 },
    });
    try {
      const shared = createEmailChecker({
        dns: createResolverMailDns({ servers: [slow.address], timeoutMs: 2000, tries: 1 }),
        probe: null,
        cacheTtlMs: 60_000,
        cacheSize: 10,
      });
      expect(await checkWithin(shared, 'anna@slow.test', 50)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await checkWithin(shared, 'anna@slow.test', 50)).toMatchObject({ status: 'deliverable' });
      expect(slow.questions.filter((question) => question === 'MX slow.test')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('the SMTP probe (EMAIL_SMTP_PROBE=on)', () => {
  it('finds the mailbox taken, refused (550), or the server taking anything', async () => {
    const probing = checker(acceptingSmtp.port);
    expect(await probing.check('anna@shop.test')).toMatchObject({
      status: 'deliverable',
      code: 'mailbox_accepted',
    });
    expect(await probing.check('ghost@shop.test')).toEqual({
      status: 'undeliverable',
      code: 'mailbox_refused',
      reason: 'the mail server refused this mailbox (550 5.1.1 user unknown)',
      role: false,
      checkedAt: expect.any(String),
    });
    // A random local part was asked after the address, and refused: the "yes" to anna means something.
    expect(acceptingSmtp.recipients).toContain('anna@shop.test');
    expect(acceptingSmtp.recipients.some((address) => /^[0-9a-f]{18}@shop\.test$/.test(address))).toBe(true);
    // A role mailbox the server takes is taken: deliverable, with its flag.
    expect(await probing.check('info@shop.test')).toMatchObject({
      status: 'deliverable',
      code: 'mailbox_accepted',
      role: true,
    });

    const catchAll = checker(acceptAllSmtp.port);
    expect(await catchAll.check('anyone@shop.test')).toMatchObject({ status: 'risky', code: 'accept_all' });
  });

  it('reads a mail server it cannot reach as unknown', async () => {
    const unreachable = checker(9);
    expect(await unreachable.check('anna@shop.test')).toMatchObject({ status: 'risky', code: 'unknown' });
  });
});
