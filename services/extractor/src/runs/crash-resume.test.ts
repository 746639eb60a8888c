import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus, type TEventBus } from '@prospector/bus';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import {
  BILLING_RPC,
  createEvent,
  DATABASE_RPC,
  extractionChargeReference,
  type TBalanceResponse,
} from '@prospector/contracts';
import { createDatabase, runMigrations, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import {
  createLogger,
  migrationsFolderOf,
  startService,
  type TRunningService,
} from '@prospector/service-kit';
import { createServiceChildren } from '@prospector/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headerIdentity, TEST_RUN_CONFIG } from '../_factories.ts';
import { createFakeProvider } from '../_fake-provider.ts';
import { createSandboxEmailChecker } from '../email-check/configured-email-checker.ts';
import type { TRunDeps } from './run-deps.ts';
import { createLivePublisher } from './run-events.ts';
import { startRun } from './start-run.ts';

/**
 * The guarantees of README.md under SIGKILL: extractor processes (the real service in child processes,
 * on PostgreSQL and a private NATS server) are killed mid-run and restarted, KILLS times. Every run must
 * finish, no item may be charged twice, and each account with a profile must reach the database
 * service's stream exactly once (as one outbox row).
 */
const KILLS = 20;
const CHILD = fileURLToPath(new URL('./_crash-child.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const runNats = natsServerForTests('extractor crash test');

describe.skipIf(!runNats)('extraction runs survive kill -9 of extractor processes', () => {
  let nats: TPrivateNatsServer;
  let testDatabase: TTestDatabase;
  let billingDb: TDatabase;
  let extractorDb: TDatabase;
  let bus: TEventBus;
  let billing: TRunningService;
  const recordedDeliveries = new Map<string, number>();
  const children = createServiceChildren();
  const logger = createLogger({ test: 'crash' }, 'silent');

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    testDatabase = await createTestDatabase();
    billingDb = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 4 });
    extractorDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 4 });
    await runMigrations(extractorDb, {
      migrationsFolder: migrationsFolderOf(new URL('../service.ts', import.meta.url).href),
      schemaName: 'extractor',
    });
    bus = await createNatsBus({ url: nats.url, name: 'crash-test', logger });
    await bus.ensureStreams();
    billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
      database: billingDb,
      bus,
      logger,
      identity: headerIdentity,
    });
    // The database service, stood in for: nothing extracted before; records counted per item.
    await bus.reply(DATABASE_RPC.extracted, async () => ({ extracted: [] }));
    await bus.consume<{ itemId: string }>(
      {
        durable: 'database-stand-in',
        stream: 'EXTRACTIONS',
        filterSubjects: ['extractions.recorded'],
        concurrency: 8,
      },
      async ({ event }) => {
        recordedDeliveries.set(event.data.itemId, (recordedDeliveries.get(event.data.itemId) ?? 0) + 1);
      },
    );
  }, 120_000);

  afterAll(async () => {
    children.killAll();
    await billing?.stop();
    await bus?.drain();
    await extractorDb?.close();
    await billingDb?.close();
    await testDatabase?.drop();
    await nats?.dispose();
  });

  function spawnExtractor(): ChildProcess {
    return children.spawn(CHILD, {
      cwd: SERVICE_DIR,
      env: {
        PORT: '0',
        DATABASE_URL: testDatabase.url,
        NATS_URL: nats.url,
        LOG_LEVEL: 'silent',
        EXTRACTION_ITEM_DELAY_MS: '0',
        EXTRACTION_CONCURRENCY: '4',
        EXTRACTION_STEP_ACK_WAIT_MS: '3000',
        EXTRACTION_STALL_AFTER_MS: '10000',
        EXTRACTION_SWEEP_INTERVAL_MS: '3000',
      },
    });
  }

  const deps = (): TRunDeps => ({
    db: extractorDb.db,
    bus,
    provider: createFakeProvider(),
    live: createLivePublisher(bus, logger),
    emailCheck: { checker: createSandboxEmailChecker(), budgetMs: 3000 },
    // Two lanes per run: lanes of one run commit side by side while processes die.
    config: { ...TEST_RUN_CONFIG, maxLanes: 2, holdLeaseMs: 10 * 60_000 },
    logger,
  });

  async function newUser(index: number): Promise<string> {
    const userId = `crash-user-${index}-${crypto.randomUUID().slice(0, 6)}`;
    await bus.publish(
      createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
    );
    await vi.waitFor(
      async () =>
        expect((await bus.request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId })).balance).toBe(
          25,
        ),
      { timeout: 20_000 },
    );
    await billingDb.sql.begin(async (sql) => {
      await sql`update billing.credit_accounts set balance = balance + 100 where user_id = ${userId}`;
      await sql`insert into billing.credit_transactions (user_id, amount, reason, reference, idempotency_key, balance_after)
        values (${userId}, 100, 'plan_grant', 'test-invoice', ${crypto.randomUUID()}, 125)`;
    });
    return userId;
  }

  const progress = async () => {
    const [row] = await extractorDb.sql<Array<{ done: number; pending: number }>>`
      select count(*) filter (where status = 'done')::int as done, count(*) filter (where status = 'pending')::int as pending
      from extractor.extraction_run_items`;
    return row ?? { done: 0, pending: 0 };
  };

  it(`finishes every run with ${KILLS} kills: no double charge, every record published exactly once`, async () => {
    const users: string[] = [];
    const runIds: string[] = [];
    const startRunFor = async () => {
      const userId = await newUser(users.length);
      users.push(userId);
      // Mixed accounts: e-mails (charged), no e-mail, missing, provider failures.
      const usernames = Array.from({ length: 60 }, (_, index) => {
        const kind = ['mail', 'nomail', 'mail', 'ghost', 'mail', 'broken'][index % 6];
        return `${kind}_${users.length}_${index}`;
      });
      runIds.push((await startRun(deps(), userId, { usernames, source: 'batch' })).id);
    };
    await startRunFor();
    await startRunFor();

    const pool = [spawnExtractor(), spawnExtractor()];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // Keep work queued so every kill lands mid-run.
      if ((await progress()).pending < 40) await startRunFor();
      const before = (await progress()).done;
      await vi.waitFor(async () => expect((await progress()).done).toBeGreaterThanOrEqual(before + 2), {
        timeout: 60_000,
        interval: 20,
      });
      const victim = kill % pool.length;
      pool[victim]?.kill('SIGKILL');
      pool[victim] = spawnExtractor();
    }

    await vi.waitFor(
      async () => {
        const [row] = await extractorDb.sql<Array<{ active: number }>>`
          select count(*)::int as active from extractor.extraction_runs where status in ('queued', 'running')`;
        expect(row?.active).toBe(0);
      },
      { timeout: 180_000, interval: 250 },
    );

    const runs = await extractorDb.sql<
      Array<{ id: string; status: string; total: number; processed: number; emails_found: number }>
    >`
      select id, status, total, processed, emails_found from extractor.extraction_runs`;
    expect(runs).toHaveLength(runIds.length);
    for (const run of runs) expect(run).toMatchObject({ status: 'completed', processed: run.total });

    // 0 double charges: one ledger row per charged item, and one per e-mail found.
    const doubles = await billingDb.sql`
      select reference from billing.credit_transactions where reason = 'capture' group by reference having count(*) > 1`;
    expect(doubles).toHaveLength(0);
    const found = await extractorDb.sql<Array<{ id: string; run_id: string; username: string }>>`
      select id, run_id, username from extractor.extraction_run_items where outcome = 'email_found'`;
    const captures = await billingDb.sql<Array<{ reference: string }>>`
      select reference from billing.credit_transactions where reason = 'capture'`;
    expect(captures.map((row) => row.reference).sort()).toEqual(
      found.map((item) => extractionChargeReference(item.run_id, item.id, item.username)).sort(),
    );
    for (const userId of users) {
      const balance = await bus.request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId });
      expect(balance.held).toBe(0);
    }

    // 0 lost or duplicated records: one outbox row per item with a profile, and each one delivered.
    const withProfile = await extractorDb.sql<Array<{ id: string }>>`
      select id from extractor.extraction_run_items where outcome in ('email_found', 'no_email')`;
    const outboxRows = await extractorDb.sql<Array<{ item_id: string; rows: number }>>`
      select payload->'data'->>'itemId' as item_id, count(*)::int as rows from extractor.outbox
      where type = 'extractions.recorded' group by 1`;
    expect(outboxRows.every((row) => row.rows === 1)).toBe(true);
    expect(outboxRows.map((row) => row.item_id).sort()).toEqual(withProfile.map((row) => row.id).sort());
    await vi.waitFor(
      () => expect([...recordedDeliveries.keys()].sort()).toEqual(withProfile.map((row) => row.id).sort()),
      {
        timeout: 30_000,
      },
    );
  }, 600_000);
});
