import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus, type TEventBus } from '@prospector/bus';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import {
  AppError,
  BILLING_RPC,
  createEvent,
  DATABASE_RPC,
  type TBalanceResponse,
  type TExtractionRecorded,
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
import { seededRandom } from '../providers/sandbox/seeded-random.ts';
import { cancelRun } from './cancel-run.ts';
import type { TRunDeps } from './run-deps.ts';
import { createLivePublisher } from './run-events.ts';
import { startRun } from './start-run.ts';

/**
 * "One credit per e-mail found, once per account, ever", as a property: for random interleavings of
 * overlapping runs over a small pool of accounts, cancels, and kill -9s of the extractor processes
 * (the real service in child processes, on PostgreSQL and a private NATS server), every user's credits
 * spent equal the distinct accounts whose e-mail they got, and no account is charged twice. The seed
 * is printed; `INTERLEAVING_SEED` replays one.
 */
const CHILD = fileURLToPath(new URL('./_crash-child.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const runNats = natsServerForTests('extractor interleavings test');
const SCENARIOS = 3;
const STEPS = 14;

describe.skipIf(!runNats)('credits spent equal distinct accounts with an e-mail, in any interleaving', () => {
  let nats: TPrivateNatsServer;
  let testDatabase: TTestDatabase;
  let billingDb: TDatabase;
  let extractorDb: TDatabase;
  let bus: TEventBus;
  let billing: TRunningService;
  /** The database service, stood in for: what each user has saved, from the recorded events. */
  const saved = new Map<string, Set<string>>();
  const children = createServiceChildren();
  const logger = createLogger({ test: 'interleavings' }, 'silent');

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    testDatabase = await createTestDatabase();
    billingDb = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 4 });
    extractorDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 6 });
    await runMigrations(extractorDb, {
      migrationsFolder: migrationsFolderOf(new URL('../service.ts', import.meta.url).href),
      schemaName: 'extractor',
    });
    bus = await createNatsBus({ url: nats.url, name: 'interleavings-test', logger });
    await bus.ensureStreams();
    billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
      database: billingDb,
      bus,
      logger,
      identity: headerIdentity,
    });
    await bus.reply<{ userId: string; usernames: string[] }, { extracted: string[] }>(
      DATABASE_RPC.extracted,
      async ({ userId, usernames }) => ({
        extracted: usernames.filter((username) => saved.get(userId)?.has(username)),
      }),
    );
    await bus.consume<TExtractionRecorded>(
      { durable: 'database-stand-in', stream: 'EXTRACTIONS', filterSubjects: ['extractions.recorded'] },
      async ({ event }) => {
        const userId = event.userId as string;
        const own = saved.get(userId) ?? new Set();
        own.add(event.data.username);
        saved.set(userId, own);
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

  const spawnExtractor = (): ChildProcess =>
    children.spawn(CHILD, {
      cwd: SERVICE_DIR,
      env: {
        PORT: '0',
        DATABASE_URL: testDatabase.url,
        NATS_URL: nats.url,
        LOG_LEVEL: 'silent',
        EXTRACTION_ITEM_DELAY_MS: '0',
        EXTRACTION_CONCURRENCY: '4',
        EXTRACTION_STEP_ACK_WAIT_MS: '3000',
        EXTRACTION_STALL_AFTER_MS: '8000',
        EXTRACTION_SWEEP_INTERVAL_MS: '2000',
      },
    });

  const deps: () => TRunDeps = () => ({
    db: extractorDb.db,
    bus,
    provider: createFakeProvider(),
    live: createLivePublisher(bus, logger),
    config: { ...TEST_RUN_CONFIG, maxLanes: 2, holdLeaseMs: 10 * 60_000 },
    logger,
  });

  async function newUser(label: string): Promise<string> {
    const userId = `${label}-${crypto.randomUUID().slice(0, 6)}`;
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
    return userId;
  }

  const activeRuns = async () =>
    extractorDb.sql<Array<{ id: string; user_id: string }>>`
      select id, user_id from extractor.extraction_runs where status in ('queued', 'running')`;

  it(`holds for ${SCENARIOS} random scenarios of overlapping runs, cancels and kill -9s`, async () => {
    const firstSeed = Number(process.env.INTERLEAVING_SEED) || Math.floor(Math.random() * 2 ** 31);
    const pool = [spawnExtractor(), spawnExtractor()];
    for (let scenario = 0; scenario < SCENARIOS; scenario += 1) {
      const seed = firstSeed + scenario;
      console.info(`interleavings: scenario seed ${seed}`);
      const random = seededRandom(String(seed));
      const users = [await newUser(`s${seed}-a`), await newUser(`s${seed}-b`)];
      // Eight accounts with an e-mail, two without, one missing: small enough to overlap all the time.
      const accounts = [
        ...Array.from({ length: 8 }, (_, index) => `mail_${seed}_${index}`),
        `nomail_${seed}_0`,
        `nomail_${seed}_1`,
        `ghost_${seed}_0`,
      ];
      const starts: Array<Promise<unknown>> = [];
      for (let step = 0; step < STEPS; step += 1) {
        const action = random.int(0, 9);
        if (action < 6) {
          const userId = random.pick(users);
          const usernames = Array.from({ length: random.int(1, 6) }, () => random.pick(accounts));
          // Started without waiting: several starts of one user overlap as a double click would.
          starts.push(
            startRun(deps(), userId, {
              usernames,
              source: usernames.length === 1 ? 'single' : 'batch',
            }).catch((error: unknown) => {
              // Everything asked for is held by another run or already saved: told, not charged.
              if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
            }),
          );
        } else if (action < 8) {
          const [run] = await activeRuns().then((runs) =>
            runs.slice(random.int(0, Math.max(runs.length - 1, 0))),
          );
          if (run) await cancelRun(deps(), run.user_id, run.id).catch(() => undefined);
        } else {
          const victim = random.int(0, pool.length - 1);
          pool[victim]?.kill('SIGKILL');
          pool[victim] = spawnExtractor();
        }
        await new Promise((resolve) => setTimeout(resolve, random.int(0, 150)));
      }
      await Promise.all(starts);
      await vi.waitFor(async () => expect(await activeRuns()).toEqual([]), {
        timeout: 120_000,
        interval: 250,
      });

      for (const userId of users) {
        const got = await extractorDb.sql<Array<{ username: string }>>`
          select distinct i.username from extractor.extraction_run_items i
          join extractor.extraction_runs r on r.id = i.run_id
          where r.user_id = ${userId} and i.outcome = 'email_found'`;
        const captures = await billingDb.sql<Array<{ reference: string }>>`
          select reference from billing.credit_transactions where user_id = ${userId} and reason = 'capture'`;
        const charged = captures.map((row) => row.reference.split(':')[3]);
        const balance = await bus.request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId });
        const context = `seed ${seed}, user ${userId}`;
        expect(new Set(charged).size, context).toBe(charged.length);
        expect(charged.sort(), context).toEqual(got.map((row) => row.username).sort());
        expect(balance, context).toMatchObject({ balance: 25 - got.length, held: 0 });
      }
    }
  }, 600_000);
});
