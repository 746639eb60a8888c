import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BILLING_ENDPOINTS, PLANS, type TPaidPlanId, ZCheckoutResponseSchema } from '@prospector/contracts';
import { holdLock as holdLockOf, type THeldLock } from '@prospector/db/testing';
import { createServiceChildren } from '@prospector/service-kit/testing';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brokenChainLinks,
  createLedgerFixture,
  ledgerRowsOf,
  newUserId,
  type TLedgerFixture,
} from '../../_factories.ts';

/**
 * The sandbox payment under SIGKILL: the billing service runs in a child process, is killed at
 * several points of Pay — held there by a lock this test takes on the row or table Pay writes next —
 * and at timed moments, then started again. Every payment must end either fully paid (subscription,
 * credits exactly once, session applied) or not paid at all; never a subscription without credits.
 */
const CHILD = fileURLToPath(new URL('./_crash-child.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const TRIAL = 25;

interface TChild {
  process: ChildProcess;
  port: number;
}

interface TSessionRow {
  id: string;
  plan: TPaidPlanId;
  paid_at: Date | null;
  applied_at: Date | null;
}

describe('a sandbox payment killed at any point of Pay ends fully paid or not paid', () => {
  let fixture: TLedgerFixture;
  let child: TChild | undefined;
  const children = createServiceChildren();

  beforeAll(async () => {
    fixture = await createLedgerFixture(6);
    child = await startChild();
  }, 120_000);

  afterAll(async () => {
    children.killAll();
    await fixture?.close();
  });

  function startChild(): Promise<TChild> {
    const running = children.spawn(CHILD, {
      cwd: SERVICE_DIR,
      stdout: 'pipe',
      env: {
        PORT: '0',
        DATABASE_URL: fixture.url,
        // The child runs on an in-process bus; this only satisfies the service's environment check.
        NATS_URL: 'nats://127.0.0.1:4222',
        LOG_LEVEL: 'silent',
      },
    });
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`The billing child did not start: ${output}`)), 60_000);
      running.stdout?.on('data', (chunk) => {
        output += String(chunk);
        const port = /listening (\d+)/.exec(output)?.[1];
        if (port) {
          clearTimeout(timer);
          resolve({ process: running, port: Number(port) });
        }
      });
      running.once('exit', (code) => reject(new Error(`The billing child exited with ${code}: ${output}`)));
    });
  }

  /**
   * SIGKILL, then what PostgreSQL does for a client that died mid-statement: its query waiting on
   * `held` ends.
   */
  async function killChild(held?: THeldLock): Promise<void> {
    const running = child?.process;
    child = undefined;
    if (running) await children.kill(running);
    await held?.endWaiting();
  }

  /** Holds the lock `statement` takes, in a transaction of this test, until it is released. */
  const holdLock = (statement: (tx: Sql) => PromiseLike<unknown>) =>
    holdLockOf(fixture.database.sql, statement);

  const api = (path: string, userId: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${child?.port}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { 'x-test-user': userId, 'content-type': 'application/json', ...init.headers },
    });

  async function newUser(label: string): Promise<string> {
    const userId = newUserId(label);
    await fixture.ledger.grant({
      userId,
      amount: TRIAL,
      reason: 'trial_grant',
      idempotencyKey: `trial:${userId}`,
      reference: null,
    });
    return userId;
  }

  async function checkout(userId: string, plan: TPaidPlanId): Promise<string> {
    const response = await api(BILLING_ENDPOINTS.checkout.path, userId, {
      method: 'POST',
      body: JSON.stringify({ planId: plan }),
    });
    expect(response.status).toBe(200);
    return ZCheckoutResponseSchema.parse(await response.json()).url;
  }

  /** Clicks Pay; the answer is lost when the child dies, so it is not awaited here. */
  const clickPay = (userId: string, url: string) =>
    api(`${url}/pay`, userId, { method: 'POST' }).then(
      (response) => response.status,
      () => 'no answer' as const,
    );

  const sessionsOf = (userId: string) =>
    fixture.database.sql<TSessionRow[]>`
      select id, plan, paid_at, applied_at from billing.sandbox_checkout_sessions
      where user_id = ${userId} order by created_at`;
  const keyOf = (sessionId: string) => sessionId.replace(/^cs_sandbox_/, '');

  /**
   * Fully paid or not paid, payment by payment: each paid session applied, with its invoice granted
   * exactly once and its subscription the user's or replaced; nothing at all of an unpaid one.
   */
  async function expectConsistent(userId: string): Promise<{ paid: number; unpaid: number }> {
    const sessions = await sessionsOf(userId);
    const paid = sessions.filter((session) => session.paid_at !== null);
    const unpaid = sessions.filter((session) => session.paid_at === null);
    for (const session of paid) expect(session.applied_at, session.id).not.toBeNull();

    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(brokenChainLinks(rows)).toEqual([]);
    const grants = rows.filter((row) => row.reason === 'plan_grant');
    expect(grants.map((row) => [row.reference, row.amount]).sort()).toEqual(
      paid.map((session) => [`in_sandbox_${keyOf(session.id)}`, PLANS[session.plan].credits]).sort(),
    );
    expect((await fixture.ledger.balance(userId)).balance).toBe(
      TRIAL + paid.reduce((sum, session) => sum + PLANS[session.plan].credits, 0),
    );

    const [subscription] = await fixture.database.sql<
      Array<{ stripe_subscription_id: string; plan: string; status: string }>
    >`select stripe_subscription_id, plan, status from billing.subscriptions where user_id = ${userId}`;
    const replaced = await fixture.database.sql<Array<{ stripe_subscription_id: string }>>`
      select stripe_subscription_id from billing.replaced_subscriptions where user_id = ${userId}`;
    const bought = paid.map((session) => `sub_sandbox_${keyOf(session.id)}`);
    if (paid.length === 0) {
      expect(subscription).toBeUndefined();
    } else {
      expect(subscription?.status).toBe('active');
      const owned = paid.find(
        (session) => `sub_sandbox_${keyOf(session.id)}` === subscription?.stripe_subscription_id,
      );
      expect(subscription?.plan).toBe(owned?.plan);
      expect(
        [subscription?.stripe_subscription_id, ...replaced.map((row) => row.stripe_subscription_id)].sort(),
      ).toEqual(bought.sort());
    }
    for (const session of unpaid) {
      const [events] = await fixture.database.sql<Array<{ count: number }>>`
        select count(*)::int as count from billing.stripe_events
        where event_id like ${`evt_sandbox_${keyOf(session.id)}%`}`;
      expect(events?.count, session.id).toBe(0);
    }
    return { paid: paid.length, unpaid: unpaid.length };
  }

  /**
   * Pays with `lock` held so Pay stops where it next needs it, kills the child there, releases the
   * lock, starts the child again and returns what the payment ended as.
   */
  async function killWhileBlocked(
    userId: string,
    plan: TPaidPlanId,
    lock: (tx: Sql, sessionId: string) => Promise<unknown>,
  ) {
    const url = await checkout(userId, plan);
    const sessionId = url.split('/').pop() as string;
    const held = await holdLock((tx) => lock(tx, sessionId));
    const answer = clickPay(userId, url);
    await held.waitUntilBlocking(20_000);
    await killChild(held);
    expect(await answer).toBe('no answer');
    await held.release();
    child = await startChild();
    return { url, sessionId };
  }

  it('is not paid when killed before the payment is taken; paying again then works', async () => {
    const userId = await newUser('before');
    const { url } = await killWhileBlocked(
      userId,
      'package_3',
      (tx, sessionId) =>
        tx`select 1 from billing.sandbox_checkout_sessions where id = ${sessionId} for update`,
    );
    expect(await expectConsistent(userId)).toEqual({ paid: 0, unpaid: 1 });
    // The session survived the restart: its page still opens, and Pay completes the purchase.
    expect((await api(url, userId)).status).toBe(200);
    expect(await clickPay(userId, url)).toBe(303);
    expect(await expectConsistent(userId)).toEqual({ paid: 1, unpaid: 0 });
  }, 120_000);

  it('is fully paid after a restart when killed after the payment was taken, before its events applied', async () => {
    const userId = await newUser('taken');
    const { url } = await killWhileBlocked(
      userId,
      'package_3',
      (tx) => tx`lock table billing.stripe_events in share mode`,
    );
    expect(await expectConsistent(userId)).toEqual({ paid: 1, unpaid: 0 });
    expect(await (await api(BILLING_ENDPOINTS.subscription.path, userId)).json()).toMatchObject({
      subscribed: true,
      subscription_plan: 'package_3',
    });
    // The spent session pays no more.
    expect(await clickPay(userId, url)).toBe(404);
  }, 120_000);

  it('is fully paid after a restart when killed between the subscription and its credits', async () => {
    const userId = await newUser('midway');
    await killWhileBlocked(
      userId,
      'package_3',
      (tx) => tx`select 1 from billing.credit_accounts where owner_key = ${userId} for update`,
    );
    expect(await expectConsistent(userId)).toEqual({ paid: 1, unpaid: 0 });
    expect((await fixture.ledger.balance(userId)).balance).toBe(TRIAL + PLANS.package_3.credits);
  }, 120_000);

  it('Change Plan killed midway: the new plan is fully paid and the replaced subscription is cancelled', async () => {
    const userId = await newUser('change');
    expect(await clickPay(userId, await checkout(userId, 'package_1'))).toBe(303);
    await killWhileBlocked(
      userId,
      'package_2',
      (tx) => tx`select 1 from billing.credit_accounts where owner_key = ${userId} for update`,
    );
    expect(await expectConsistent(userId)).toEqual({ paid: 2, unpaid: 0 });
    expect(await (await api(BILLING_ENDPOINTS.subscription.path, userId)).json()).toMatchObject({
      subscription_plan: 'package_2',
    });
    await vi.waitFor(
      async () => {
        const [row] = await fixture.database.sql<Array<{ cancelled: boolean }>>`
          select cancelled_at is not null as cancelled from billing.replaced_subscriptions where user_id = ${userId}`;
        expect(row?.cancelled).toBe(true);
      },
      { timeout: 10_000 },
    );
  }, 120_000);

  it('ends fully paid or not paid when killed at timed moments of Pay, buying plan after plan', async () => {
    const userId = await newUser('timed');
    const plans: TPaidPlanId[] = ['package_1', 'package_2', 'package_3'];
    const delaysMs = [0, 5, 10, 20, 40];
    for (const [index, delayMs] of delaysMs.entries()) {
      const url = await checkout(userId, plans[index % plans.length] as TPaidPlanId);
      const answer = clickPay(userId, url);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await killChild();
      await answer;
      child = await startChild();
      await expectConsistent(userId);
    }
    const outcome = await expectConsistent(userId);
    expect(outcome.paid + outcome.unpaid).toBe(delaysMs.length);
    await killChild();
  }, 300_000);
});
