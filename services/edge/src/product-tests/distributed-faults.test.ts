import { randomUUID } from 'node:crypto';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import {
  BILLING_ENDPOINTS,
  EXTRACTOR_PATHS,
  extractionChargeReference,
  MARKETING_PATHS,
  PLANS,
  type TPaidPlanId,
  ZCheckoutResponseSchema,
  ZCreditBalanceSchema,
  ZProfileSchema,
  ZRunSchema,
  ZSubscriptionCheckSchema,
} from '@prospector/contracts';
import { createTestDatabase, holdLock, type TTestDatabase } from '@prospector/db/testing';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { signUpVerifiedUser } from '../../bench/sign-up-user.ts';
import {
  startDistributedComposition,
  type TDistributedComposition,
  type TProcessName,
} from './_distributed-composition.ts';

/**
 * Distributed mode under kill -9: the five services and the edge run as processes of their own on
 * PostgreSQL and a private NATS server, users sign up, extract batches and buy plans through the edge,
 * and each process is killed (SIGKILL) in turn mid-journey — billing inside Pay and while runs capture
 * credits, the extractor mid-run, the database service while records arrive, account, marketing, the
 * edge during a payment — and started again. Then every run must be complete with each account
 * processed once, credits = grants − captures with no capture twice, each record saved once, every
 * bought plan active with its credits granted once, and no hold left open.
 */
const runNats = natsServerForTests('distributed fault test');
const USERS = 3;
const PLAN_OF: TPaidPlanId[] = ['package_1', 'package_2', 'package_3'];
/** Accounts a run keeps pending, at least, when a process is killed: so every kill lands mid-run. */
const MIN_PENDING = 12;

interface TUser {
  email: string;
  cookie: string;
  userId: string;
  runs: string[];
}

describe.skipIf(!runNats)('distributed mode survives kill -9 of each process mid-journey', () => {
  let nats: TPrivateNatsServer;
  let testDatabase: TTestDatabase;
  let sql: Sql;
  let app: TDistributedComposition;
  const kills: Record<TProcessName, number> = {
    account: 0,
    marketing: 0,
    extractor: 0,
    database: 0,
    billing: 0,
    edge: 0,
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    testDatabase = await createTestDatabase();
    sql = postgres(testDatabase.url, { max: 4, onnotice: () => {} });
    app = await startDistributedComposition({
      databaseUrl: testDatabase.url,
      natsUrl: nats.url,
      env: {
        // Every test user signs up from 127.0.0.1.
        AUTH_RATE_LIMIT_MAX: '10000',
        // Runs long enough to be killed in; a step of a killed process comes back within seconds.
        EXTRACTION_ITEM_DELAY_MS: '200',
        SANDBOX_LATENCY_MS: '50',
        EXTRACTION_STEP_ACK_WAIT_MS: '3000',
        EXTRACTION_STALL_AFTER_MS: '6000',
        EXTRACTION_SWEEP_INTERVAL_MS: '2000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    app?.stop();
    await sql?.end();
    await testDatabase?.drop();
    await nats?.dispose();
  });

  /** A request through the edge as `user`, with the Origin a browser sends. */
  const call = (user: TUser, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, app.url), {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
      headers: { cookie: user.cookie, origin: app.url, 'content-type': 'application/json', ...init.headers },
    });

  /** A GET answered 200 and its JSON; a process down or starting (no answer, 5xx) is asked again. */
  async function read<T>(user: TUser, path: string, parse: (body: unknown) => T): Promise<T> {
    let body: unknown;
    await vi.waitFor(
      async () => {
        const response = await call(user, path);
        expect(response.status, path).toBe(200);
        body = await response.json();
      },
      { timeout: 60_000, interval: 200 },
    );
    return parse(body);
  }

  const credits = (user: TUser) =>
    read(user, BILLING_ENDPOINTS.credits.path, (body) => ZCreditBalanceSchema.parse(body));
  const subscription = (user: TUser) =>
    read(user, BILLING_ENDPOINTS.subscription.path, (body) => ZSubscriptionCheckSchema.parse(body));

  async function signUp(): Promise<TUser> {
    const { email, cookie } = await signUpVerifiedUser(app.url);
    const [row] = await sql<Array<{ id: string }>>`select id from account."user" where email = ${email}`;
    const user = { email, cookie, userId: row?.id as string, runs: [] };
    // The trial's credits arrive from billing over NATS.
    await vi.waitFor(async () => expect((await credits(user)).balance).toBe(PLANS.trial.credits), {
      timeout: 60_000,
      interval: 200,
    });
    return user;
  }

  async function startRun(user: TUser, accounts: number): Promise<void> {
    const tag = randomUUID().replaceAll('-', '').slice(0, 10);
    const usernames = Array.from({ length: accounts }, (_, index) => `fault_${tag}_${index}`);
    const response = await call(user, EXTRACTOR_PATHS.runs, {
      method: 'POST',
      body: JSON.stringify({ usernames, source: 'batch' }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    user.runs.push(ZRunSchema.parse(((await response.json()) as { run: unknown }).run).id);
  }

  const progress = async () => {
    const [row] = await sql<Array<{ done: number; pending: number }>>`
      select count(*) filter (where status = 'done')::int as done,
        count(*) filter (where status = 'pending')::int as pending
      from extractor.extraction_run_items`;
    return row ?? { done: 0, pending: 0 };
  };

  /** Waits until `count` more accounts are done than now. */
  async function accountsDone(count: number): Promise<void> {
    const before = (await progress()).done;
    await vi.waitFor(async () => expect((await progress()).done).toBeGreaterThanOrEqual(before + count), {
      timeout: 90_000,
      interval: 50,
    });
  }

  /** Keeps accounts pending, starting a run for a user with a plan when too few are left. */
  async function keepRunsGoing(paying: TUser[]): Promise<void> {
    if ((await progress()).pending >= MIN_PENDING) return;
    const user = paying[kills.extractor % paying.length] as TUser;
    await startRun(user, 30);
  }

  async function killAndStart(name: TProcessName, whileDown: () => Promise<void> = async () => {}) {
    await app.kill(name);
    kills[name] += 1;
    await whileDown();
    await app.start(name);
  }

  async function checkout(user: TUser, plan: TPaidPlanId): Promise<URL> {
    const response = await call(user, BILLING_ENDPOINTS.checkout.path, {
      method: 'POST',
      body: JSON.stringify({ planId: plan }),
    });
    expect(response.status).toBe(200);
    return new URL(ZCheckoutResponseSchema.parse(await response.json()).url, app.url);
  }

  /** Clicks Pay; the answer may be lost to a kill, so what it was is only returned. */
  const clickPay = (user: TUser, page: URL) =>
    call(user, `${page.pathname}/pay`, { method: 'POST' }).then(
      (response) => response.status,
      () => 'no answer' as const,
    );

  /**
   * What a buyer does after a payment whose answer was lost: once the subscription shows the plan
   * they are done; while the session is still open, Pay again. A taken payment is applied by billing
   * (at its start), so the plan shows without another click.
   */
  async function payUntilSubscribed(user: TUser, page: URL, plan: TPaidPlanId): Promise<void> {
    await vi.waitFor(
      async () => {
        if ((await subscription(user)).subscription_plan === plan) return;
        const [session] = await sql<Array<{ paid: boolean }>>`
          select paid_at is not null as paid from billing.sandbox_checkout_sessions
          where id = ${page.pathname.split('/').pop() as string}`;
        if (session && !session.paid) await clickPay(user, page);
        expect((await subscription(user)).subscription_plan).toBe(plan);
      },
      { timeout: 60_000, interval: 250 },
    );
  }

  /**
   * Kills billing while its Pay waits on the lock `lock` takes, as a crash there would: the waiting
   * statement of the dead process ends too (PostgreSQL would only notice once it ran again).
   */
  async function killBillingInsidePay(
    user: TUser,
    plan: TPaidPlanId,
    lock: (tx: Sql, sessionId: string) => Promise<unknown>,
  ): Promise<URL> {
    const page = await checkout(user, plan);
    const held = await holdLock(sql, (tx) => lock(tx, page.pathname.split('/').pop() as string));
    const answer = clickPay(user, page);
    await held.waitUntilBlocking();
    await killAndStart('billing', async () => {
      await held.endWaiting();
      expect(await answer).not.toBe(303);
      await held.release();
    });
    return page;
  }

  it('ends with every run complete, every credit counted once and every plan granted once', async () => {
    const startedAt = Date.now();
    onTestFailed(() => {
      console.error(`[distributed faults] kills so far ${JSON.stringify(kills)}\n${app.logTails()}`);
    });
    const users = await Promise.all(Array.from({ length: USERS }, () => signUp()));
    const [first, second, third] = users as [TUser, TUser, TUser];
    // On the trial's 25 credits: a batch of 20 each.
    for (const user of users) await startRun(user, 20);

    // The extractor, mid-run.
    await accountsDone(3);
    await killAndStart('extractor');

    // Billing inside Pay, before the payment is taken: not paid; Pay again works.
    await killBillingInsidePay(
      first,
      PLAN_OF[0] as TPaidPlanId,
      (tx, sessionId) =>
        tx`select 1 from billing.sandbox_checkout_sessions where id = ${sessionId} for update`,
    ).then((page) => payUntilSubscribed(first, page, PLAN_OF[0] as TPaidPlanId));

    // Billing inside Pay, once the payment is taken and before its events apply: applied at restart.
    await killBillingInsidePay(
      second,
      PLAN_OF[1] as TPaidPlanId,
      (tx) => tx`lock table billing.stripe_events in share mode`,
    ).then((page) => payUntilSubscribed(second, page, PLAN_OF[1] as TPaidPlanId));

    // Now on plans: bigger batches. The first start finds billing stalled (the account's row busy past
    // the start's patience): it answers 503 and holds nothing, even once billing gets to it; the user
    // starts again.
    const stalled = await holdLock(
      sql,
      (tx) => tx`select 1 from billing.credit_accounts where owner_key = ${first.userId} for update`,
    );
    const refused = call(first, EXTRACTOR_PATHS.runs, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['fault_stalled_start'], source: 'single' }),
    });
    await stalled.waitUntilBlocking();
    expect((await refused).status).toBe(503);
    await stalled.release();
    await startRun(first, 30);
    await startRun(second, 30);
    const paying = [first, second];

    // The edge, right after a Pay was sent to it: the payment went through or Pay is clicked again.
    const thirdPage = await checkout(third, PLAN_OF[2] as TPaidPlanId);
    const thirdPay = clickPay(third, thirdPage);
    await killAndStart('edge', async () => void (await thirdPay));
    await payUntilSubscribed(third, thirdPage, PLAN_OF[2] as TPaidPlanId);
    await startRun(third, 30);
    paying.push(third);

    // Billing while runs capture credits.
    await keepRunsGoing(paying);
    await vi.waitFor(
      async () => {
        const [row] = await sql<Array<{ captures: number }>>`
          select count(*)::int as captures from billing.credit_transactions where reason = 'capture'`;
        expect(row?.captures).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 50 },
    );
    await accountsDone(2);
    await killAndStart('billing');

    // The database service while records arrive: more arrive while it is down.
    await keepRunsGoing(paying);
    await accountsDone(2);
    await killAndStart('database', () => accountsDone(3));

    // The account service (sessions are verified there) while runs go on.
    await keepRunsGoing(paying);
    await killAndStart('account', () => accountsDone(2));
    for (const user of users) await credits(user);

    // Marketing: its plans come back.
    await killAndStart('marketing');
    expect((await fetch(new URL(MARKETING_PATHS.plans, app.url))).status).toBe(200);

    // The extractor again, on the paid batches.
    await keepRunsGoing(paying);
    await accountsDone(3);
    await killAndStart('extractor');

    // Every run ends.
    await vi.waitFor(
      async () => {
        const [row] = await sql<Array<{ active: number }>>`
          select count(*)::int as active from extractor.extraction_runs where status in ('queued', 'running')`;
        expect(row?.active).toBe(0);
      },
      { timeout: 240_000, interval: 250 },
    );

    // Each run complete, each of its accounts processed exactly once.
    const runs = await sql<
      Array<{
        id: string;
        user_id: string;
        status: string;
        total: number;
        processed: number;
        emails_found: number;
      }>
    >`select id, user_id, status, total, processed, emails_found from extractor.extraction_runs`;
    expect(runs.map((run) => run.id).sort()).toEqual(users.flatMap((user) => user.runs).sort());
    for (const run of runs) expect(run).toMatchObject({ status: 'completed', processed: run.total });
    const items = await sql<
      Array<{
        id: string;
        run_id: string;
        username: string;
        status: string;
        outcome: string;
        credits_used: number;
      }>
    >`select id, run_id, username, status, outcome, credits_used from extractor.extraction_run_items`;
    expect(items).toHaveLength(runs.reduce((sum, run) => sum + run.total, 0));
    expect(new Set(items.map((item) => item.username)).size).toBe(items.length);
    for (const item of items) {
      expect(item.status).toBe('done');
      expect(['email_found', 'no_email', 'no_data']).toContain(item.outcome);
    }

    // No capture twice; each run's captures are its found e-mails.
    const ledger = await sql<
      Array<{ user_id: string; amount: number; reason: string; reference: string | null }>
    >`
      select user_id, amount, reason, reference from billing.credit_transactions order by seq`;
    const captures = ledger.filter((row) => row.reason === 'capture');
    expect(new Set(captures.map((row) => row.reference)).size).toBe(captures.length);
    const found = items.filter((item) => item.outcome === 'email_found');
    expect(captures.map((row) => row.reference).sort()).toEqual(
      found.map((item) => extractionChargeReference(item.run_id, item.id, item.username)).sort(),
    );
    for (const run of runs) {
      expect(run.emails_found).toBe(found.filter((item) => item.run_id === run.id).length);
    }
    for (const item of items) expect(item.credits_used).toBe(item.outcome === 'email_found' ? 1 : 0);

    // Each account with a profile saved exactly once in the user's library.
    const withProfile = items.filter((item) => item.outcome !== 'no_data');
    const records = () =>
      sql<Array<{ item_id: string; email_found: boolean; credits_used: number }>>`
        select item_id, email_found, credits_used from database.extractions`;
    await vi.waitFor(
      async () =>
        expect((await records()).map((row) => row.item_id).sort()).toEqual(
          withProfile.map((item) => item.id).sort(),
        ),
      { timeout: 60_000, interval: 250 },
    );
    const foundIds = new Set(found.map((item) => item.id));
    for (const record of await records()) {
      expect(record).toMatchObject({
        email_found: foundIds.has(record.item_id),
        credits_used: foundIds.has(record.item_id) ? 1 : 0,
      });
    }

    for (const [index, user] of users.entries()) {
      const plan = PLAN_OF[index] as TPaidPlanId;
      const rows = ledger.filter((row) => row.user_id === user.userId);
      // Each plan granted exactly once, for its one paid session, and the subscription active.
      const sessions = await sql<Array<{ id: string; paid: boolean; applied: boolean }>>`
        select id, paid_at is not null as paid, applied_at is not null as applied
        from billing.sandbox_checkout_sessions where user_id = ${user.userId}`;
      const paid = sessions.filter((session) => session.paid);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.applied).toBe(true);
      const grants = rows.filter((row) => row.reason === 'plan_grant');
      expect(grants.map((row) => [row.reference, row.amount])).toEqual([
        [`in_sandbox_${paid[0]?.id.replace(/^cs_sandbox_/, '')}`, PLANS[plan].credits],
      ]);
      expect(rows.filter((row) => row.reason === 'trial_grant').map((row) => row.amount)).toEqual([
        PLANS.trial.credits,
      ]);
      expect(await subscription(user)).toMatchObject({ subscribed: true, subscription_plan: plan });
      // The account service's projection of it, across its own kill.
      await vi.waitFor(
        async () =>
          expect(
            await read(user, '/api/account/profile', (body) => ZProfileSchema.parse(body)),
          ).toMatchObject({
            subscriptionStatus: 'active',
            subscriptionPlan: plan,
          }),
        { timeout: 30_000, interval: 250 },
      );
      // Credits = grants − captures, nothing held.
      const userCaptures = rows.filter((row) => row.reason === 'capture').length;
      expect(await credits(user)).toMatchObject({
        balance: PLANS.trial.credits + PLANS[plan].credits - userCaptures,
        held: 0,
      });
    }
    const [open] = await sql<Array<{ holds: number }>>`
      select count(*)::int as holds from billing.credit_holds where status = 'active'`;
    expect(open?.holds).toBe(0);

    // No event left behind in any service's outbox.
    const outboxes = await sql<Array<{ schema: string }>>`
      select table_schema as schema from information_schema.tables where table_name = 'outbox'`;
    expect(outboxes.length).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        for (const { schema } of outboxes) {
          const [row] = await sql<Array<{ unpublished: number }>>`
            select count(*)::int as unpublished from ${sql(schema)}.outbox where published_at is null`;
          expect(row?.unpublished, schema).toBe(0);
        }
      },
      { timeout: 30_000, interval: 250 },
    );

    console.info(
      `[distributed faults] ${Object.values(kills).reduce((sum, count) => sum + count, 0)} kills ${JSON.stringify(kills)}, ` +
        `${users.length} users, ${runs.length} runs, ${items.length} accounts, ${captures.length} captures, ` +
        `${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
  }, 600_000);
});
