import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import {
  addMonths,
  BILLING_RPC,
  createEvent,
  EXTRACTION_CSV_COLUMNS,
  emailCheckOf,
  extractionChargeReference,
  isRoleEmail,
  optedOutMessage,
  RECHECK_NOTICES,
  recheckNotFoundMessage,
  type TEmailCheckCode,
  type TExtractionDetail,
  type TExtractionPage,
  type TRecheckResult,
} from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createExtractorService, DEFAULT_EXTRACTOR_CONFIG } from '@prospector/extractor';
import {
  createEmailChecker,
  createFakeProvider,
  createResolverMailDns,
  startFakeDnsServer,
  type TFakeDnsServer,
} from '@prospector/extractor/testing';
import { createLogger, createOptOutKeys, startService, type TRunningService } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  headerIdentity,
  newUserId,
  recorded,
  recordedEvent,
  startServiceFixture,
  type TServiceFixture,
} from '../../_factories.ts';

// Each saved e-mail's deliverability on the Database page: the status column, "Deliverable only", the
// detail's reason, the CSV option, verdicts that come after the record, and the free re-check, which
// asks the real extractor (its checker on a local DNS server) and the real billing service.

let fixture: TServiceFixture;
let dns: TFakeDnsServer;
let billing: TRunningService;
let extractor: TRunningService;
const databases: TDatabase[] = [];
const provider = createFakeProvider();
const logger = createLogger({ test: 'email-status' }, 'silent');
/** What the local DNS server says; the re-check tests change it between checks. */
const zone: Parameters<typeof startFakeDnsServer>[0] = {
  'shop.test': { mx: [{ exchange: 'mx.shop.test', priority: 10 }] },
  'gone.test': { mx: [{ exchange: 'mx.gone.test', priority: 10 }] },
};

beforeAll(async () => {
  fixture = await startServiceFixture();
  dns = await startFakeDnsServer(zone);
  const schemaDb = (schemaName: string) => {
    const database = createDatabase({ url: fixture.url, schemaName, max: 3 });
    databases.push(database);
    return database;
  };
  billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
    database: schemaDb('billing'),
    bus: fixture.bus,
    logger,
    identity: headerIdentity,
  });
  extractor = await startService(extractorService(), {
    database: schemaDb('extractor'),
    bus: fixture.bus,
    logger,
    identity: headerIdentity,
  });
});

/**
 * The extractor the re-check asks: the stand-in provider (`<local>_at_<domain>` shows `<local>@<domain>`,
 * `nomail*` none, `ghost*` does not exist, `broken*` fails), and no DNS cache, so the re-check sees what
 * the DNS server says now.
 */
const extractorService = () =>
  createExtractorService({
    ...DEFAULT_EXTRACTOR_CONFIG,
    providerAsIs: provider,
    emailCheckerAsIs: createEmailChecker({
      dns: createResolverMailDns({ servers: [dns.address], timeoutMs: 2000, tries: 1 }),
      probe: null,
      cacheTtlMs: 0,
      cacheSize: 10,
    }),
  });

afterAll(async () => {
  await extractor?.stop();
  await billing?.stop();
  for (const database of databases) await database.close();
  await dns?.close();
  await fixture?.close();
});

const checked = (code: TEmailCheckCode, at = new Date(), role = false) => emailCheckOf(code, at, { role });

/** Stores a record as the extractor's event would, with the e-mail's verdict. */
async function store(userId: string, username: string, email: string | null, code: TEmailCheckCode | null) {
  const emailCheck = code && email ? checked(code, new Date(), isRoleEmail(email)) : null;
  const data = { ...recorded(username, { public_email: email }), emailCheck };
  await fixture.bus.publish(recordedEvent(userId, data));
  await vi.waitFor(async () => {
    const page = (await (
      await fixture.request('/api/database/extractions', { userId })
    ).json()) as TExtractionPage;
    expect(page.items.map((item) => item.username)).toContain(username);
  });
  return data;
}

const list = async (userId: string, query = '') =>
  (await (await fixture.request(`/api/database/extractions${query}`, { userId })).json()) as TExtractionPage;
const idOf = async (userId: string, username: string) =>
  (await list(userId)).items.find((item) => item.username === username)?.id as string;
const detail = async (userId: string, id: string) =>
  (await (await fixture.request(`/api/database/extractions/${id}`, { userId })).json()) as TExtractionDetail;
const recheck = (userId: string, id: string) =>
  fixture.request(`/api/database/extractions/${id}/recheck`, { userId, method: 'POST' });

describe('the e-mail status of saved records', () => {
  const ada = newUserId('ada');
  beforeAll(async () => {
    await store(ada, 'alpha', 'alpha@shop.test', 'accepts_mail');
    await store(ada, 'bravo', 'bravo@gone.test', 'no_mail_server');
    await store(ada, 'charlie', 'info@shop.test', 'accepts_mail');
    await store(ada, 'delta', null, null);
    await store(ada, 'echo', 'echo@shop.test', null);
    await store(ada, 'foxy', 'foxy@shop.test', 'unknown');
    await store(ada, 'golf', 'bookings@gone.test', 'no_mail_server');
  });

  const names = async (query: string) => (await list(ada, query)).items.map((item) => item.username);

  it('lists each status and role flag, and filters by each status', async () => {
    const facts = Object.fromEntries(
      (await list(ada)).items.map((item) => [item.username, [item.emailStatus, item.emailRole]]),
    );
    expect(facts).toEqual({
      alpha: ['deliverable', false],
      bravo: ['undeliverable', false],
      // A role address is deliverable when its domain takes mail: the flag is a fact apart.
      charlie: ['deliverable', true],
      delta: [null, null],
      // Not checked (yet): the flag is read from the address itself.
      echo: [null, false],
      foxy: ['risky', false],
      golf: ['undeliverable', true],
    });
    expect(await names('?emailStatus=deliverable')).toEqual(['charlie', 'alpha']);
    expect(await names('?emailStatus=risky')).toEqual(['foxy']);
    expect(await names('?emailStatus=undeliverable')).toEqual(['golf', 'bravo']);
    expect((await list(ada, '?emailStatus=deliverable&q=bravo')).total).toBe(0);
    expect(
      (await fixture.request('/api/database/extractions?emailStatus=nope', { userId: ada })).status,
    ).toBe(400);
  });

  it('filters by address type, alone and with the status', async () => {
    expect(await names('?emailRole=role')).toEqual(['golf', 'charlie']);
    // Personal: every record with an e-mail that is not a role mailbox; one without an e-mail is neither.
    expect(await names('?emailRole=personal')).toEqual(['foxy', 'echo', 'bravo', 'alpha']);
    expect(await names('?emailRole=role&emailStatus=deliverable')).toEqual(['charlie']);
    expect(await names('?emailRole=personal&emailStatus=deliverable')).toEqual(['alpha']);
    expect((await list(ada, '?emailRole=role')).total).toBe(2);
    const refused = await fixture.request('/api/database/extractions?emailRole=generic', { userId: ada });
    expect(refused.status).toBe(400);
  });

  it('shows the reason in the detail', async () => {
    expect((await detail(ada, await idOf(ada, 'bravo'))).emailCheck).toMatchObject({
      status: 'undeliverable',
      reason: 'no mail server for this domain',
    });
    expect(await detail(ada, await idOf(ada, 'delta'))).toMatchObject({
      emailCheck: null,
      recheckAvailableAt: null,
    });
  });

  it('exports the spec columns by default, and the status at the end when asked', async () => {
    const plain = await (await fixture.request('/api/database/extractions/export', { userId: ada })).text();
    // Response.text() reads the byte-order mark as such and drops it.
    expect(plain.split('\n')[0]).toBe(EXTRACTION_CSV_COLUMNS.join(';'));
    const withStatus = await (
      await fixture.request('/api/database/extractions/export?includeEmailStatus=true', { userId: ada })
    ).text();
    const lines = withStatus.trim().split('\n');
    expect(lines[0]).toBe([...EXTRACTION_CSV_COLUMNS, 'email_status', 'email_role'].join(';'));
    const lastCells = lines.slice(1).map((line) => [line.split(';')[0], ...line.split(';').slice(-2)]);
    expect(lastCells).toEqual([
      ['golf', 'undeliverable', 'true'],
      ['foxy', 'risky', 'false'],
      ['echo', '', 'false'],
      ['charlie', 'deliverable', 'true'],
      ['bravo', 'undeliverable', 'false'],
      ['alpha', 'deliverable', 'false'],
    ]);
    const deliverableRoles = await (
      await fixture.request('/api/database/extractions/export?emailStatus=deliverable&emailRole=role', {
        userId: ada,
      })
    ).text();
    expect(
      deliverableRoles
        .trim()
        .split('\n')
        .map((line) => line.split(';')[0]),
    ).toEqual(['username', 'charlie']);
  });
});

describe('the role flag of a saved record', () => {
  it('is read from the address, also when the verdict was sent before the flag existed', async () => {
    const hal = newUserId('hal');
    // What an extractor of the previous release put on the bus: a verdict without `role`.
    const { role: _role, ...withoutRole } = checked('accepts_mail');
    const data = {
      ...recorded('hotel', { public_email: 'Reservations@hotel.test' }),
      emailCheck: withoutRole,
    };
    await fixture.bus.publish(recordedEvent(hal, data as Parameters<typeof recordedEvent>[1]));
    await vi.waitFor(async () => expect((await list(hal)).items).toHaveLength(1));
    expect((await list(hal)).items[0]).toMatchObject({ emailStatus: 'deliverable', emailRole: true });
    expect((await detail(hal, await idOf(hal, 'hotel'))).emailCheck).toMatchObject({
      status: 'deliverable',
      role: true,
    });
  });
});

describe('a verdict that comes after the record (extractions.email-checked)', () => {
  it('updates the record, waits for a record not stored yet, and never rolls a newer verdict back', {
    timeout: 60_000,
  }, async () => {
    const bea = newUserId('bea');
    const early = recorded('foxtrot', { public_email: 'fox@gone.test' });
    const verdict = checked('no_domain');
    // The verdict overtakes its record: it is delivered again until the record is there.
    await fixture.bus.publish(
      createEvent('extractions.email-checked', bea, {
        itemId: early.itemId,
        runId: early.runId,
        username: 'foxtrot',
        emailCheck: verdict,
        creditsUsed: 0,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fixture.bus.publish(recordedEvent(bea, { ...early, emailCheck: null }));
    // Redeliveries back off (up to 10 s apart), so a loaded machine may take a while.
    await vi.waitFor(async () => expect((await list(bea)).items[0]?.emailStatus).toBe('undeliverable'), {
      timeout: 40_000,
      interval: 200,
    });
    const id = await idOf(bea, 'foxtrot');
    expect(await detail(bea, id)).toMatchObject({ creditsUsed: 0, emailCheck: verdict });

    // An older verdict delivered late changes nothing.
    await fixture.bus.publish(
      createEvent('extractions.email-checked', bea, {
        itemId: early.itemId,
        runId: early.runId,
        username: 'foxtrot',
        emailCheck: checked('accepts_mail', new Date(Date.parse(verdict.checkedAt) - 60_000)),
        creditsUsed: 1,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await detail(bea, id)).toMatchObject({ creditsUsed: 0, emailCheck: verdict });
  });
});

describe('the free re-check', () => {
  /** A user whose record cost a real credit: billing's capture under the record's own reference. */
  async function chargedRecord(username: string, email: string | null, { charged = true } = {}) {
    const userId = newUserId('cid');
    await fixture.bus.publish(
      createEvent('accounts.created', userId, { email: `${userId}@x.test`, name: userId }),
    );
    const balance = () => fixture.bus.request(BILLING_RPC.balance, { userId });
    await vi.waitFor(async () => expect((await balance()).balance).toBe(25));
    const data = await store(userId, username, email, email ? 'accepts_mail' : null);
    if (charged) {
      const hold = await fixture.bus.request(BILLING_RPC.hold, {
        userId,
        amount: 1,
        runId: data.runId,
        leaseMs: 60_000,
      });
      if ('refused' in hold) throw new Error(`The hold was refused: ${JSON.stringify(hold)}`);
      await fixture.bus.request(BILLING_RPC.capture, {
        holdId: hold.hold.holdId,
        itemKey: extractionChargeReference(data.runId, data.itemId, username),
      });
      await fixture.bus.request(BILLING_RPC.release, { holdId: hold.hold.holdId });
      expect((await balance()).balance).toBe(24);
    }
    return { userId, id: await idOf(userId, username), balance };
  }
  const messageOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message;
  /** As if the record had been extracted (and last fetched) this many days ago. */
  const age = (id: string, days: number) =>
    fixture.database.db.execute(
      sql`update database.extractions set created_at = now() - ${days} * interval '1 day',
        refreshed_at = now() - ${days} * interval '1 day' where id = ${id}`,
    );

  it('fetches the profile again without a charge, and renews the record with its fresh data', async () => {
    const username = 'kilo_at_shop.test';
    const { userId, id, balance } = await chargedRecord(username, 'kilo@shop.test');
    await age(id, 300);
    const before = await detail(userId, id);
    expect(before.profile.full_name).not.toBe(`Name of ${username}`);
    expect(Date.now() - Date.parse(before.refreshedAt)).toBeGreaterThan(299 * 86_400_000);
    const calls = provider.calls.length;

    const response = await recheck(userId, id);
    expect(response.status).toBe(200);
    const after = (await response.json()) as TRecheckResult;
    // The profile as the provider has it now, asked for once, past its cache.
    expect(provider.calls.slice(calls)).toEqual([username]);
    expect(after).toMatchObject({
      notice: null,
      creditsUsed: 1,
      createdAt: before.createdAt,
      retentionMonths: 12,
      profile: { full_name: `Name of ${username}`, follower_count: 10, public_email: 'kilo@shop.test' },
      emailCheck: { status: 'deliverable' },
      recheckAvailableAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(after.refreshedAt)).toBeLessThan(60_000);
    expect(after.expiresAt).toBe(addMonths(new Date(after.refreshedAt), 12).toISOString());
    // The list shows the new age and expiry, and the fresh typed columns the filters use.
    const row = (await list(userId)).items.find((item) => item.id === id);
    expect(row).toMatchObject({
      refreshedAt: after.refreshedAt,
      expiresAt: after.expiresAt,
      followerCount: 10,
    });
    // Free: nothing held, captured or refunded.
    expect(await balance()).toMatchObject({ balance: 24, available: 24 });
  });

  it('refuses a second re-check the same day with the time it may run, and allows it a day later', async () => {
    const { userId, id } = await chargedRecord('lima_at_shop.test', 'lima@shop.test');
    expect((await recheck(userId, id)).status).toBe(200);
    const again = await recheck(userId, id);
    expect(again.status).toBe(429);
    const message = await messageOf(again);
    expect(message).toMatch(
      /^This record was re-checked less than a day ago\. You can re-check it again after \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    const { recheckAvailableAt } = await detail(userId, id);
    expect(message).toContain(`${recheckAvailableAt?.slice(0, 16).replace('T', ' ')} UTC`);
    await fixture.database.db.execute(
      sql`update database.extractions set email_rechecked_at = now() - interval '25 hours' where id = ${id}`,
    );
    expect((await recheck(userId, id)).status).toBe(200);
  });

  it('refunds the credit once when the e-mail is now undeliverable', async () => {
    const { userId, id, balance } = await chargedRecord('golf_at_gone.test', 'golf@gone.test');

    // The domain lost its mail server since the extraction.
    zone['gone.test'] = {};
    const response = await recheck(userId, id);
    expect(response.status).toBe(200);
    const after = (await response.json()) as TExtractionDetail;
    expect(after).toMatchObject({
      creditsUsed: 0,
      emailCheck: { status: 'undeliverable', reason: 'no mail server for this domain' },
      recheckAvailableAt: expect.any(String),
    });
    expect((await list(userId)).items[0]?.emailStatus).toBe('undeliverable');
    expect((await balance()).balance).toBe(25);

    const history = await billing.app.request('/api/billing/credits/history', {
      headers: { 'x-test-user': userId },
    });
    expect(((await history.json()) as { items: Array<{ description: string }> }).items[0]?.description).toBe(
      'Refund: golf@gone.test — no mail server for this domain',
    );
    // A day later it may run again; the capture is refunded already, so nothing more is given back.
    await fixture.database.db.execute(
      sql`update database.extractions set email_rechecked_at = now() - interval '25 hours', credits_used = 1 where id = ${id}`,
    );
    expect((await recheck(userId, id)).status).toBe(200);
    expect((await balance()).balance).toBe(25);
  });

  it('finds a deliverable address deliverable and keeps its credit', async () => {
    const { userId, id, balance } = await chargedRecord('hotel_at_shop.test', 'hotel@shop.test');
    const response = await recheck(userId, id);
    expect(await response.json()).toMatchObject({ creditsUsed: 1, emailCheck: { status: 'deliverable' } });
    expect((await balance()).balance).toBe(24);
  });

  it('keeps the saved e-mail when the profile shows none any more, and says so', async () => {
    const { userId, id } = await chargedRecord('nomail_mike', 'mike@shop.test');
    const after = (await (await recheck(userId, id)).json()) as TRecheckResult;
    expect(after).toMatchObject({
      notice: RECHECK_NOTICES.emailNoLongerShown,
      profile: { public_email: 'mike@shop.test', full_name: 'Name of nomail_mike' },
      emailCheck: { status: 'deliverable' },
    });
  });

  it('renews a record without an e-mail, never giving it one for free', async () => {
    const { userId, id, balance } = await chargedRecord('november_at_shop.test', null, { charged: false });
    const response = await recheck(userId, id);
    expect(response.status).toBe(200);
    const after = (await response.json()) as TRecheckResult;
    expect(after).toMatchObject({
      notice: RECHECK_NOTICES.emailWithheld,
      creditsUsed: 0,
      emailCheck: null,
      profile: { public_email: null, other_emails: [], full_name: 'Name of november_at_shop.test' },
    });
    expect(JSON.stringify(await list(userId))).not.toContain('november@shop.test');
    const csv = await (await fixture.request('/api/database/extractions/export', { userId })).text();
    expect(csv).not.toContain('november@shop.test');
    expect((await balance()).balance).toBe(25);

    const plain = await chargedRecord('nomail_oscar', null, { charged: false });
    expect(await (await recheck(plain.userId, plain.id)).json()).toMatchObject({
      notice: null,
      emailCheck: null,
    });
  });

  it('keeps the record as it was when the account no longer exists, and uses the day', async () => {
    const { userId, id } = await chargedRecord('ghost_papa', 'papa@shop.test');
    await age(id, 30);
    const before = await detail(userId, id);
    const response = await recheck(userId, id);
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(recheckNotFoundMessage('ghost_papa'));
    const after = await detail(userId, id);
    expect(after).toMatchObject({ refreshedAt: before.refreshedAt, profile: before.profile });
    expect(after.recheckAvailableAt).not.toBeNull();
  });

  it('refuses an account whose owner opted out', async () => {
    const { userId, id } = await chargedRecord('quebec_at_shop.test', 'quebec@shop.test');
    const extractorDb = databases[1] as TDatabase;
    await extractorDb.sql`insert into extractor.opt_outs (username_key) values (${createOptOutKeys().username('quebec_at_shop.test') as string})`;
    const calls = provider.calls.length;
    const response = await recheck(userId, id);
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(optedOutMessage('quebec_at_shop.test'));
    expect(provider.calls.slice(calls)).toEqual([]);
  });

  it('answers 503 and keeps the day when the profile or the e-mail cannot be checked', async () => {
    const broken = await chargedRecord('broken_romeo', 'romeo@shop.test');
    const failed = await recheck(broken.userId, broken.id);
    expect(failed.status).toBe(503);
    expect(await messageOf(failed)).toBe('The re-check is unavailable right now. Please try again.');
    expect((await detail(broken.userId, broken.id)).recheckAvailableAt).toBeNull();

    const { userId, id } = await chargedRecord('india_at_shop.test', 'india@shop.test');
    await extractor.stop();
    try {
      const response = await recheck(userId, id);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'UNAVAILABLE',
          message: 'The re-check is unavailable right now. Please try again.',
        },
      });
      expect((await detail(userId, id)).recheckAvailableAt).toBeNull();
    } finally {
      extractor = await startService(extractorService(), {
        database: databases[1] as TDatabase,
        bus: fixture.bus,
        logger,
        identity: headerIdentity,
      });
    }
  });

  it("refuses another user's record", async () => {
    const dan = newUserId('dan');
    await store(dan, 'juliet', null, null);
    const id = await idOf(dan, 'juliet');
    expect((await recheck(newUserId('eve'), id)).status).toBe(404);
  });
});
