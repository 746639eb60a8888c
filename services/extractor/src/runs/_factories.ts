import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { billingService, createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus, type TEventBus } from '@prospector/bus';
import { startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import { BILLING_RPC, createEvent, DATABASE_RPC, type TExtractionRecorded } from '@prospector/contracts';
import { createDatabase, runMigrations, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import {
  createLogger,
  migrationsFolderOf,
  startService,
  type TRunningService,
} from '@prospector/service-kit';
import { createServiceChildren, migratedSchemasOf } from '@prospector/service-kit/testing';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { headerIdentity, TEST_RUN_CONFIG } from '../_factories.ts';
import { createFakeProvider } from '../_fake-provider.ts';
import { createSandboxEmailChecker } from '../email-check/configured-email-checker.ts';
import { noWebsiteLookup } from '../websites/website-lookup.ts';
import type { TRunDeps } from './run-deps.ts';
import { createLivePublisher } from './run-live-publisher.ts';

const CHILD = fileURLToPath(new URL('./_crash-child.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The extractor as the crash tests run it: the real service in child processes (`_crash-child.ts`,
 * the provider stood in for) on PostgreSQL and a private NATS server, billing in this process, and a
 * database-service stand-in that remembers what each user has saved from `extractions.recorded`.
 * `startRun` is called in this process with `deps()`, on the same bus and database.
 */
export type TRecordedDelivery = TExtractionRecorded & { userId: string };

export interface TExtractorCluster {
  nats: TPrivateNatsServer;
  database: TTestDatabase;
  extractorDb: TDatabase;
  billingDb: TDatabase;
  bus: TEventBus;
  /** Every `extractions.recorded` delivery (at least once each), in arrival order. */
  recorded: TRecordedDelivery[];
  /** An extractor process with these settings (and the database and NATS of the cluster). */
  spawn(env: Record<string, string>, options?: { stdout?: 'pipe' }): ChildProcess;
  /** Stops a process as kill -9 would, and waits for it to be gone. */
  kill(child: ChildProcess): Promise<void>;
  deps(): TRunDeps;
  /** A user with the trial's 25 credits and `extra` more, as a plan grant would give. */
  newUser(label: string, extra?: number): Promise<string>;
  /** Runs still queued or running. */
  activeRuns(): Promise<Array<{ id: string; user_id: string }>>;
  close(): Promise<void>;
}

/**
 * The cluster of the calling `describe`, started before its tests (allowing two minutes) and closed
 * after them: its members are there once `beforeAll` has run.
 */
export function useExtractorCluster(label: string): TExtractorCluster {
  const cluster = {} as TExtractorCluster;
  beforeAll(async () => {
    Object.assign(cluster, await startExtractorCluster(label));
  }, 120_000);
  afterAll(async () => {
    await cluster.close?.();
  });
  return cluster;
}

export async function startExtractorCluster(label: string): Promise<TExtractorCluster> {
  const logger = createLogger({ test: label }, 'silent');
  const nats = await startPrivateNatsServer();
  // The extractor runs as child processes here; its schema must exist before they start.
  const extractorSchema = {
    schemaName: 'extractor',
    migrationsFolder: migrationsFolderOf(new URL('../service.ts', import.meta.url).href),
  };
  const database = await createTestDatabase({
    migrated: [...migratedSchemasOf(billingService), extractorSchema],
  });
  const billingDb = createDatabase({ url: database.url, schemaName: 'billing', max: 4 });
  const extractorDb = createDatabase({ url: database.url, schemaName: 'extractor', max: 6 });
  await runMigrations(extractorDb, extractorSchema);
  const bus = await createNatsBus({ url: nats.url, name: label, logger });
  await bus.ensureStreams();
  const billing: TRunningService = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
    database: billingDb,
    bus,
    logger,
    identity: headerIdentity,
  });
  const recorded: TRecordedDelivery[] = [];
  const saved = (userId: string) =>
    new Set(recorded.filter((record) => record.userId === userId).map((record) => record.username));
  await bus.reply(DATABASE_RPC.extracted, async ({ userId, usernames }) => ({
    extracted: usernames.filter((name) => saved(userId).has(name)),
  }));
  await bus.consume(
    {
      durable: 'database-stand-in',
      stream: 'EXTRACTIONS',
      filterSubjects: ['extractions.recorded'],
      concurrency: 8,
    },
    async ({ event }) => {
      recorded.push({ ...event.data, userId: event.userId as string });
    },
  );
  const children = createServiceChildren();

  return {
    nats,
    database,
    extractorDb,
    billingDb,
    bus,
    recorded,
    spawn: (env, options = {}) =>
      children.spawn(CHILD, {
        cwd: SERVICE_DIR,
        ...options,
        env: { PORT: '0', DATABASE_URL: database.url, NATS_URL: nats.url, LOG_LEVEL: 'silent', ...env },
      }),
    kill: (child) => children.kill(child),
    deps: () => ({
      db: extractorDb.db,
      bus,
      provider: createFakeProvider(),
      websites: noWebsiteLookup,
      emailCheck: { checker: createSandboxEmailChecker(), budgetMs: 3000 },
      live: createLivePublisher(bus, logger),
      // Two lanes per run: lanes of one run commit side by side while processes die.
      config: { ...TEST_RUN_CONFIG, maxLanes: 2, holdLeaseMs: 10 * 60_000 },
      logger,
    }),
    async newUser(userLabel, extra = 0) {
      const userId = `${userLabel}-${crypto.randomUUID().slice(0, 6)}`;
      await bus.publish(
        createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
      );
      await vi.waitFor(
        async () => expect((await bus.request(BILLING_RPC.balance, { userId })).balance).toBe(25),
        { timeout: 20_000 },
      );
      if (extra > 0) {
        await billingDb.sql.begin(async (sql) => {
          await sql`update billing.credit_accounts set balance = balance + ${extra} where owner_key = ${userId}`;
          await sql`insert into billing.credit_transactions (owner_key, user_id, amount, reason, reference, idempotency_key, balance_after)
            values (${userId}, ${userId}, ${extra}, 'plan_grant', 'test-invoice', ${crypto.randomUUID()}, ${25 + extra})`;
        });
      }
      return userId;
    },
    activeRuns: () =>
      extractorDb.sql<Array<{ id: string; user_id: string }>>`
        select id, user_id from extractor.extraction_runs where status in ('queued', 'running')`,
    async close() {
      children.killAll();
      await billing.stop();
      await bus.drain();
      await extractorDb.close();
      await billingDb.close();
      await database.drop();
      await nats.dispose();
    },
  };
}
