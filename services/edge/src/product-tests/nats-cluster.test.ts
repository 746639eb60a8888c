import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  natsServerForTests,
  startPrivateNatsCluster,
  type TPrivateNatsCluster,
} from '@prospector/bus/testing';
import {
  BILLING_ENDPOINTS,
  EXTRACTOR_PATHS,
  extractionChargeReference,
  PLANS,
  ZCreditBalanceSchema,
  ZRunSchema,
} from '@prospector/contracts';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { signUpVerifiedUser } from '../../bench/sign-up-user.ts';
import { startDistributedComposition, type TDistributedComposition } from './_distributed-composition.ts';

/**
 * The layout of docker-compose.scale.yml, as processes on loopback: a 3-node NATS JetStream cluster
 * with R3 streams, 2 extractor and 2 account processes, one each of the other services and the edge,
 * every service connected to all three nodes. A user signs up and starts a batch; mid-run the NATS
 * node leading the extraction work queue and the second extractor are killed (SIGKILL) and stay dead.
 * The run must complete on what is left with every account processed once: each item done once, each
 * found e-mail captured once in the billing ledger, each record saved once. The pause (the longest gap
 * between two accounts finishing) is printed: it is a measured figure on a shared, loaded machine,
 * not asserted; the product's promise is ≤ 15 s (docs/capacity.md).
 */
// Opt-in (NATS_CLUSTER_TESTS=1): in CI's full run, beside every other suite, the 3-node cluster's
// JetStream API answered past its timeout (consumer create); run alone it passes. Not in `pnpm test` until that is understood.
const runNats = process.env.NATS_CLUSTER_TESTS === '1' && natsServerForTests('NATS cluster journey');
const ACCOUNTS = 20;
const ACK_WAIT_MS = 3_000;

describe.skipIf(!runNats)('the scale layout: a 3-node NATS cluster and 2 extractors', () => {
  let cluster: TPrivateNatsCluster;
  let testDatabase: TTestDatabase;
  let sql: Sql;
  let app: TDistributedComposition;

  beforeAll(async () => {
    cluster = await startPrivateNatsCluster(3);
    testDatabase = await createTestDatabase();
    sql = postgres(testDatabase.url, { max: 4, onnotice: () => {} });
    app = await startDistributedComposition({
      databaseUrl: testDatabase.url,
      natsUrl: cluster.url,
      replicas: { extractor: 2, account: 2 },
      env: {
        NATS_STREAM_REPLICAS: '3',
        AUTH_RATE_LIMIT_MAX: '10000',
        // A run long enough to kill in; a killed process's step comes back after its ack wait.
        EXTRACTION_ITEM_DELAY_MS: '300',
        SANDBOX_LATENCY_MS: '50',
        EXTRACTION_STEP_ACK_WAIT_MS: String(ACK_WAIT_MS),
        EXTRACTION_STALL_AFTER_MS: '6000',
        EXTRACTION_SWEEP_INTERVAL_MS: '2000',
      },
    });
  }, 240_000);

  afterAll(async () => {
    app?.stop();
    await sql?.end();
    await testDatabase?.drop();
    await cluster?.dispose();
  });

  const call = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, app.url), {
      ...init,
      signal: AbortSignal.timeout(15_000),
      headers: { cookie, origin: app.url, 'content-type': 'application/json', ...init.headers },
    });

  const progress = async () => {
    const [row] = await sql<Array<{ done: number; pending: number }>>`
      select count(*) filter (where status = 'done')::int as done,
        count(*) filter (where status <> 'done')::int as pending
      from extractor.extraction_run_items`;
    return row ?? { done: 0, pending: 0 };
  };

  it('completes a batch with each account processed once after a NATS node and an extractor die', async () => {
    onTestFailed(() => console.error(`[nats cluster]\n${app.logTails()}`));
    const { email, cookie } = await signUpVerifiedUser(app.url);
    const [user] = await sql<Array<{ id: string }>>`select id from account."user" where email = ${email}`;
    await vi.waitFor(
      async () => {
        const response = await call(cookie, BILLING_ENDPOINTS.credits.path);
        expect(ZCreditBalanceSchema.parse(await response.json()).balance).toBe(PLANS.trial.credits);
      },
      { timeout: 60_000, interval: 200 },
    );

    // Costs per account (docs/capacity.md): CPU of the extractor and database processes, and this
    // test database's PostgreSQL row writes, across the run.
    const cpu = () => ({
      extractor: app.cpuMs('extractor') ?? 0,
      extractor2: app.cpuMs('extractor-2') ?? 0,
      database: app.cpuMs('database') ?? 0,
    });
    const writes = async () => {
      const [row] = await sql<Array<{ writes: number; commits: number }>>`
        select (tup_inserted + tup_updated + tup_deleted)::int as writes, xact_commit::int as commits
        from pg_stat_database where datname = current_database()`;
      return row ?? { writes: 0, commits: 0 };
    };
    const cpuBefore = cpu();
    const writesBefore = await writes();
    const tag = randomUUID().replaceAll('-', '').slice(0, 10);
    const usernames = Array.from({ length: ACCOUNTS }, (_, index) => `cluster_${tag}_${index}`);
    const response = await call(cookie, EXTRACTOR_PATHS.runs, {
      method: 'POST',
      body: JSON.stringify({ usernames, source: 'batch' }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const runId = ZRunSchema.parse(((await response.json()) as { run: unknown }).run).id;

    // Mid-run: the work queue's leader node and the second extractor, at once.
    await vi.waitFor(async () => expect((await progress()).done).toBeGreaterThanOrEqual(3), {
      timeout: 90_000,
      interval: 50,
    });
    // The work queue's leader node: the one whose loss hurts most.
    const { node: leader, replicas } = await cluster.streamLeader('EXTRACTION_JOBS');
    expect(replicas).toBe(3);
    const atKill = await progress();
    expect(atKill.pending).toBeGreaterThan(0);
    const extractor2AtKill = app.cpuMs('extractor-2') ?? 0;
    await Promise.all([cluster.kill(leader), app.kill('extractor-2')]);

    await vi.waitFor(
      async () => {
        const [run] = await sql<Array<{ status: string }>>`
          select status from extractor.extraction_runs where id = ${runId}`;
        expect(run?.status).toBe('completed');
      },
      { timeout: 240_000, interval: 250 },
    );

    // Each account processed exactly once.
    const [run] = await sql<Array<{ total: number; processed: number; emails_found: number }>>`
      select total, processed, emails_found from extractor.extraction_runs where id = ${runId}`;
    expect(run).toMatchObject({ total: ACCOUNTS, processed: ACCOUNTS });
    const items = await sql<
      Array<{ id: string; username: string; status: string; outcome: string; finished_at: Date }>
    >`select id, username, status, outcome, finished_at from extractor.extraction_run_items
      where run_id = ${runId} order by finished_at`;
    expect(items.map((item) => item.username).sort()).toEqual([...usernames].sort());
    for (const item of items) {
      expect(item.status).toBe('done');
      expect(['email_found', 'no_email', 'no_data']).toContain(item.outcome);
    }

    // The billing ledger: each found e-mail captured once, nothing held, credits = grant − captures.
    const found = items.filter((item) => item.outcome === 'email_found');
    expect(run?.emails_found).toBe(found.length);
    const captures = await sql<Array<{ reference: string }>>`
      select reference from billing.credit_transactions where user_id = ${user?.id as string} and reason = 'capture'`;
    expect(captures.map((row) => row.reference).sort()).toEqual(
      found.map((item) => extractionChargeReference(runId, item.id, item.username)).sort(),
    );
    await vi.waitFor(
      async () => {
        const balance = ZCreditBalanceSchema.parse(
          await (await call(cookie, BILLING_ENDPOINTS.credits.path)).json(),
        );
        expect(balance).toMatchObject({ balance: PLANS.trial.credits - found.length, held: 0 });
      },
      { timeout: 60_000, interval: 250 },
    );

    // Each record with a profile saved once in the user's library.
    const withProfile = items.filter((item) => item.outcome !== 'no_data').map((item) => item.id);
    await vi.waitFor(
      async () => {
        const records = await sql<Array<{ item_id: string }>>`
          select item_id from database.extractions where item_id in ${sql(items.map((item) => item.id))}`;
        expect(records.map((row) => row.item_id).sort()).toEqual(withProfile.sort());
      },
      { timeout: 60_000, interval: 250 },
    );

    // PostgreSQL's statistics arrive within a second or so of a commit.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const cpuAfter = cpu();
    const writesAfter = await writes();
    const extractorMs = cpuAfter.extractor - cpuBefore.extractor + extractor2AtKill - cpuBefore.extractor2;
    const databaseMs = cpuAfter.database - cpuBefore.database;
    const [size] = await sql<Array<{ bytes: number; records: number }>>`
      select pg_total_relation_size('database.extractions')::int as bytes,
        (select count(*)::int from database.extractions) as records`;
    console.info(
      `[nats cluster] per account: extractor CPU ${(extractorMs / ACCOUNTS).toFixed(1)} ms (both processes), ` +
        `database service CPU ${(databaseMs / ACCOUNTS).toFixed(1)} ms, PostgreSQL ` +
        `${((writesAfter.writes - writesBefore.writes) / ACCOUNTS).toFixed(1)} row writes and ` +
        `${((writesAfter.commits - writesBefore.commits) / ACCOUNTS).toFixed(1)} commits (whole database, every service); ` +
        `database.extractions ${size?.bytes} bytes for ${size?.records} records; load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}`,
    );

    const finished = items.map((item) => item.finished_at.getTime());
    const pause = Math.max(...finished.slice(1).map((at, index) => at - (finished[index] as number)));
    console.info(
      `[nats cluster] ${ACCOUNTS} accounts, killed NATS node n${leader + 1} (the work queue's leader) and ` +
        `extractor-2 with ${atKill.done} done: longest pause between two accounts finishing ${(pause / 1000).toFixed(1)} s ` +
        `(ack wait ${ACK_WAIT_MS / 1000} s; promise ≤ 15 s), ${found.length} captures`,
    );
  }, 600_000);
});
