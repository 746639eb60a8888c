import { randomUUID } from 'node:crypto';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import {
  BILLING_ENDPOINTS,
  EXTRACTOR_PATHS,
  ZCreditBalanceSchema,
  ZRunListSchema,
} from '@prospector/contracts';
import type { TTestDatabase } from '@prospector/db/testing';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerifiedUser } from '../../bench/sign-up-user.ts';
import { createComposedAppDatabase, startComposedApp, type TComposedApp } from '../testing/_composed-app.ts';
import { startDistributedComposition, type TDistributedComposition } from './_distributed-composition.ts';

/**
 * "One credit per e-mail found, once per account": overlapping runs of one user (a double click, a
 * re-submitted form, two tabs) must not charge the same account twice, in embedded mode (one process,
 * in-process bus) and in distributed mode (a process per service, NATS). The sandbox provider gives
 * every `…withemail…` account an e-mail.
 */
interface TTarget {
  url: string;
  sql: Sql;
}

interface TUser {
  cookie: string;
  userId: string;
}

function overlappingRunsSuite(target: () => TTarget) {
  const call = (user: TUser, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, target().url), {
      ...init,
      signal: AbortSignal.timeout(20_000),
      headers: { cookie: user.cookie, origin: target().url, 'content-type': 'application/json' },
    });

  /** A verified user with the trial's credits and 100 more (as a plan grant would give). */
  async function signUp(): Promise<TUser> {
    const { sql, url } = target();
    const { email, cookie } = await signUpVerifiedUser(url, { label: 'overlap' });
    const [row] = await sql<Array<{ id: string }>>`select id from account."user" where email = ${email}`;
    const user = { cookie, userId: row?.id as string };
    await vi.waitFor(async () => expect((await credits(user)).balance).toBe(25), { timeout: 60_000 });
    await sql.begin(async (tx) => {
      const [account] = await tx<Array<{ balance: number }>>`
        update billing.credit_accounts set balance = balance + 100 where owner_key = ${user.userId} returning balance`;
      await tx`insert into billing.credit_transactions (owner_key, user_id, amount, reason, reference, idempotency_key, balance_after)
        values (${user.userId}, ${user.userId}, 100, 'plan_grant', 'test-grant', ${randomUUID()}, ${account?.balance as number})`;
    });
    return user;
  }

  async function credits(user: TUser) {
    const response = await call(user, BILLING_ENDPOINTS.credits.path);
    expect(response.status).toBe(200);
    return ZCreditBalanceSchema.parse(await response.json());
  }

  const startRun = (user: TUser, usernames: string[], source: 'single' | 'batch') =>
    call(user, EXTRACTOR_PATHS.runs, { method: 'POST', body: JSON.stringify({ usernames, source }) });

  async function runsSettled(user: TUser): Promise<void> {
    await vi.waitFor(
      async () => {
        const response = await call(user, EXTRACTOR_PATHS.runs);
        const { runs } = ZRunListSchema.parse(await response.json());
        expect(runs.filter((run) => run.status === 'queued' || run.status === 'running')).toEqual([]);
      },
      { timeout: 120_000, interval: 250 },
    );
  }

  /** The user's capture rows and saved records, counted where they are written. */
  async function charged(user: TUser) {
    const { sql } = target();
    const [captures] = await sql<Array<{ count: number }>>`
      select count(*)::int as count from billing.credit_transactions
      where owner_key = ${user.userId} and reason = 'capture'`;
    const [records] = await vi.waitFor(async () => {
      const rows = await sql<Array<{ count: number }>>`
        select count(*)::int as count from database.extractions where owner_key = ${user.userId}`;
      return rows;
    });
    return { captures: captures?.count ?? -1, records: records?.count ?? -1 };
  }

  it('10 concurrent single extractions of one account charge 1 credit', async () => {
    const user = await signUp();
    const before = (await credits(user)).balance;
    const account = `overlap_withemail_${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => startRun(user, [account], 'single')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202).length).toBeGreaterThanOrEqual(1);
    // The others are told plainly why: another run holds it, or it is already extracted.
    for (const answer of answers.filter((response) => response.status !== 202)) {
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        new RegExp(
          `^${account} (is already being extracted in another of your runs|has already been extracted)$`,
        ),
      );
    }
    await runsSettled(user);
    await vi.waitFor(async () => expect(await charged(user)).toEqual({ captures: 1, records: 1 }), {
      timeout: 30_000,
    });
    expect((await credits(user)).balance).toBe(before - 1);
  }, 180_000);

  it('the same 20-account batch posted twice 1 s apart charges 20 credits', async () => {
    const user = await signUp();
    const before = (await credits(user)).balance;
    const tag = randomUUID().slice(0, 8);
    const batch = Array.from({ length: 20 }, (_, index) => `batch_withemail_${tag}_${index}`);
    const first = await startRun(user, batch, 'batch');
    expect(first.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const second = await startRun(user, batch, 'batch');
    // Either the second run takes nothing (every account is held or done), or only what the first
    // has finished meanwhile... which the database then reports as extracted: never a second charge.
    if (second.status === 202) {
      const { run } = (await second.json()) as { run: { inOtherRuns: string[]; skipped: string[] } };
      expect(run.inOtherRuns.length + run.skipped.length).toBeGreaterThan(0);
    } else {
      expect(second.status).toBe(409);
    }
    await runsSettled(user);
    await vi.waitFor(async () => expect(await charged(user)).toEqual({ captures: 20, records: 20 }), {
      timeout: 30_000,
    });
    expect((await credits(user)).balance).toBe(before - 20);
  }, 180_000);
}

describe('overlapping runs charge each account once — embedded mode', () => {
  let app: TComposedApp;
  let sql: Sql;
  beforeAll(async () => {
    app = await startComposedApp('overlapping-runs');
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    await app?.stop();
  });
  overlappingRunsSuite(() => ({ url: app.url, sql }));
});

const runNats = natsServerForTests('overlapping runs, distributed');

describe.skipIf(!runNats)('overlapping runs charge each account once — distributed mode', () => {
  let nats: TPrivateNatsServer;
  let database: TTestDatabase;
  let app: TDistributedComposition;
  let sql: Sql;
  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createComposedAppDatabase();
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    app = await startDistributedComposition({
      databaseUrl: database.url,
      natsUrl: nats.url,
      env: { AUTH_RATE_LIMIT_MAX: '10000' },
    });
  }, 180_000);
  afterAll(async () => {
    app?.stop();
    await sql?.end();
    await database?.drop();
    await nats?.dispose();
  });
  overlappingRunsSuite(() => ({ url: app.url, sql }));
});
