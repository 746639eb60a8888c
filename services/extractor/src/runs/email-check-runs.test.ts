import { createMemoryBus, createNatsBus, type TEventBus } from '@prospector/bus';
import { uniqueNamespace } from '@prospector/bus/testing';
import { BILLING_RPC, createEvent, extractionChargeReference, type TRunDetail } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../_factories.ts';
import { DEFAULT_EXTRACTOR_CONFIG } from '../config.ts';
import { startFakeDnsServer, type TFakeDnsServer } from '../email-check/_fake-dns-server.ts';
import { createEmailChecker } from '../email-check/email-checker.ts';
import { createResolverMailDns } from '../email-check/mail-dns.ts';
import { RUN_SUBJECTS } from './run-messages.ts';

// A run checks each found e-mail against a real DNS server (dns2 on a local port) before charging it,
// with billing (the real service, on PostgreSQL) on the same bus: an undeliverable address is never
// charged, and one whose verdict outlives the run's time budget is charged, then refunded once.

const BUDGET_MS = 400;
/**
 * How late the late domains' answers come: far past the budget, since a loaded machine fires the
 * budget's timer late (1.2 s was once overtaken with the whole node suite running at load 15).
 */
const LATE_ANSWER_MS = 3_000;

const natsUrl = process.env.NATS_URL;
if (!natsUrl)
  console.warn('[extractor] e-mail check runs over NATS JetStream: skipped, NATS_URL is not set.');
const BUSES: Array<[string, () => Promise<TEventBus>]> = [
  ['in-process bus', async () => createMemoryBus()],
  ...(natsUrl
    ? [
        [
          'NATS JetStream',
          () =>
            createNatsBus({ url: natsUrl, namespace: uniqueNamespace('email-check'), name: 'email-check' }),
        ] as [string, () => Promise<TEventBus>],
      ]
    : []),
];

describe.each(BUSES)('the e-mail check in a run (%s)', (_, createBus) => {
  let dns: TFakeDnsServer;
  let fixture: TRunsFixture;

  beforeAll(async () => {
    dns = await startFakeDnsServer({
      'shop.test': { mx: [{ exchange: 'mx.shop.test', priority: 10 }] },
      'parked.test': {},
      'late.test': { nxdomain: true },
      'lateok.test': { mx: [{ exchange: 'mx.lateok.test', priority: 10 }] },
    });
    const resolver = createResolverMailDns({ servers: [dns.address], timeoutMs: 3000, tries: 1 });
    const checker = createEmailChecker({
      // The late domains' answers arrive well after the run's budget, as from a slow network. (The
      // server itself answers at once: Node's resolver shortens its timeouts to a server's usual
      // speed, so a server that answers slowly would read as one that never answers.)
      dns: {
        ...resolver,
        async domainMail(domain) {
          const answer = await resolver.domainMail(domain);
          if (domain.startsWith('late')) await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
          return answer;
        },
      },
      probe: null,
      cacheTtlMs: 60_000,
      cacheSize: 100,
    });
    fixture = await createRunsFixture({
      bus: await createBus(),
      extractor: {
        emailCheckerAsIs: checker,
        emailCheck: { ...DEFAULT_EXTRACTOR_CONFIG.emailCheck, EMAIL_CHECK_BUDGET_MS: BUDGET_MS },
      },
    });
  });

  afterAll(async () => {
    await fixture?.close();
    await dns?.close();
  });

  const itemOf = (detail: TRunDetail, username: string) =>
    detail.items.find((item) => item.username === username);
  const refunds = (userId: string) =>
    fixture.billingDb.sql<
      Array<{ reference: string; amount: number; refund_email: string; refund_reason: string }>
    >`
      select reference, amount, refund_email, refund_reason from billing.credit_transactions
      where user_id = ${userId} and reason = 'refund'`;

  it('charges deliverable addresses, role ones included, never an undeliverable one, and says why', async () => {
    const userId = await fixture.createUser();
    const usernames = ['anna_at_shop.test', 'bob_at_parked.test', 'cid_at_nowhere.test', 'info_at_shop.test'];
    const run = await fixture.startRun(userId, usernames);
    const detail = await fixture.waitForRun(userId, run.id);

    expect(detail).toMatchObject({
      status: 'completed',
      processed: 4,
      emailsFound: 4,
      emailsUndeliverable: 2,
      creditsUsed: 2,
    });
    const verdicts = usernames.map((username) => {
      const item = itemOf(detail, username);
      const check = item?.emailCheck;
      return [username, item?.outcome, item?.creditsUsed, check?.status, check?.reason, check?.role];
    });
    expect(verdicts).toEqual([
      ['anna_at_shop.test', 'email_found', 1, 'deliverable', 'the domain has a mail server', false],
      ['bob_at_parked.test', 'email_found', 0, 'undeliverable', 'no mail server for this domain', false],
      ['cid_at_nowhere.test', 'email_found', 0, 'undeliverable', 'this domain does not exist', false],
      ['info_at_shop.test', 'email_found', 1, 'deliverable', 'the domain has a mail server', true],
    ]);
    expect(detail.items.every((item) => item.emailCheckPending === false)).toBe(true);

    // Only the two deliverable addresses were captured; the rest of the hold came back.
    const captured = (await fixture.captures(userId)).map((row) => row.reference).sort();
    expect(captured).toEqual(
      ['anna_at_shop.test', 'info_at_shop.test']
        .map((username) => extractionChargeReference(run.id, itemOf(detail, username)?.id ?? '', username))
        .sort(),
    );
    expect(await fixture.balance(userId)).toMatchObject({ balance: 23, available: 23 });
    expect(await refunds(userId)).toHaveLength(0);

    // The database service is told each record's verdict with the record itself.
    await vi.waitFor(() =>
      expect(fixture.recorded.filter((event) => event.runId === run.id)).toHaveLength(4),
    );
    const bob = fixture.recorded.find((event) => event.username === 'bob_at_parked.test');
    expect(bob).toMatchObject({ creditsUsed: 0, emailFound: true, emailCheck: { status: 'undeliverable' } });
  });

  it('charges a verdict that outlives the budget, then refunds it once it turns out undeliverable', async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, ['dan_at_late.test', 'eve_at_lateok.test']);
    const finished = await fixture.waitForRun(userId, run.id);
    // The items were written charged, with their checks still running.
    expect(finished.status).toBe('completed');
    expect(finished.items.map((item) => [item.creditsUsed, item.emailCheck, item.emailCheckPending])).toEqual(
      [
        [1, null, true],
        [1, null, true],
      ],
    );

    let detail = finished;
    await vi.waitFor(
      async () => {
        detail = (await (
          await fixture.request(`/api/extractor/runs/${run.id}`, userId)
        ).json()) as TRunDetail;
        expect(detail.items.every((item) => !item.emailCheckPending)).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    const dan = itemOf(detail, 'dan_at_late.test');
    expect(dan).toMatchObject({
      creditsUsed: 0,
      emailCheck: { status: 'undeliverable', reason: 'this domain does not exist' },
    });
    expect(itemOf(detail, 'eve_at_lateok.test')).toMatchObject({
      creditsUsed: 1,
      emailCheck: { status: 'deliverable' },
    });
    expect(detail.creditsUsed).toBe(1);
    expect(detail.emailsUndeliverable).toBe(1);

    const danReference = extractionChargeReference(run.id, dan?.id ?? '', 'dan_at_late.test');
    expect(await refunds(userId)).toEqual([
      {
        reference: danReference,
        amount: 1,
        refund_email: 'dan@late.test',
        refund_reason: 'this domain does not exist',
      },
    ]);
    expect(await fixture.balance(userId)).toMatchObject({ balance: 24, available: 24 });
    await vi.waitFor(() =>
      expect(fixture.emailChecked.filter((event) => event.runId === run.id)).toHaveLength(2),
    );
    expect(fixture.emailChecked.find((event) => event.itemId === dan?.id)).toMatchObject({
      creditsUsed: 0,
      emailCheck: { status: 'undeliverable' },
    });

    // A crash after the refund but before the item was written: the check is pending again, and its
    // job is delivered three times. The refund is not made again.
    await fixture.extractorDb.db.execute(sql`
      update extractor.extraction_run_items
      set email_check = null, email_check_pending = true, credits_used = 1 where id = ${dan?.id}`);
    for (let delivery = 0; delivery < 3; delivery += 1) {
      await fixture.bus.publish(createEvent(RUN_SUBJECTS.checkEmail, userId, { itemId: dan?.id }));
    }
    await vi.waitFor(
      async () => {
        const again = (await (
          await fixture.request(`/api/extractor/runs/${run.id}`, userId)
        ).json()) as TRunDetail;
        expect(itemOf(again, 'dan_at_late.test')).toMatchObject({ emailCheckPending: false, creditsUsed: 0 });
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await refunds(userId)).toHaveLength(1);
    expect(await fixture.balance(userId)).toMatchObject({ balance: 24 });
  });

  it('gives back a charge an earlier, crashed delivery of the step made before its verdict was in', async () => {
    const userId = await fixture.createUser();
    fixture.provider.hold();
    const run = await fixture.startRun(userId, ['fay_at_parked.test']);
    // What a delivery that captured and then died leaves behind: the item's capture from the run's hold.
    const [item] = await fixture.extractorDb.sql<Array<{ id: string; hold_id: string }>>`
      select i.id, r.hold_id from extractor.extraction_run_items i join extractor.extraction_runs r on r.id = i.run_id
      where i.run_id = ${run.id}`;
    const reference = extractionChargeReference(run.id, item?.id ?? '', 'fay_at_parked.test');
    await fixture.bus.request(BILLING_RPC.capture, { holdId: item?.hold_id as string, itemKey: reference });
    expect(await fixture.balance(userId)).toMatchObject({ balance: 24 });

    // The step's next delivery finds the address undeliverable in time: it charges nothing and gives
    // the earlier charge back.
    fixture.provider.release();
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail.items[0]).toMatchObject({
      creditsUsed: 0,
      emailCheck: { status: 'undeliverable', reason: 'no mail server for this domain' },
    });
    expect(detail.creditsUsed).toBe(0);
    expect(await refunds(userId)).toEqual([
      {
        reference,
        amount: 1,
        refund_email: 'fay@parked.test',
        refund_reason: 'no mail server for this domain',
      },
    ]);
    expect(await fixture.balance(userId)).toMatchObject({ balance: 25, available: 25 });
  });
});
