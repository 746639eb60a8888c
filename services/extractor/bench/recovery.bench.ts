/**
 * How long a user's extraction run stands still when things fail, with the configured defaults: the
 * real extractor service in child processes on PostgreSQL and a private NATS server, a simulated
 * Instagram API (each call takes `latency` ms, and it knows which process asked), and one run of one
 * lane paced by the default item delay. Prints, per scenario, the normal gap between two accounts and
 * the pause the user sees (the failure → the next account finished), and whether any account was asked
 * of the provider twice.
 *
 *   pnpm bench:recovery                                       # every scenario
 *   pnpm bench:recovery -- --scenarios kill,restart --latency 300 --outage 5000 --slow 25000
 *
 * Scenarios:
 * - kill: two processes; the one whose provider call is in flight is killed (SIGKILL), the other goes on.
 * - restart: one process, killed mid-step and started again at once (as a supervisor restarts it).
 * - nats: two processes; the NATS server is stopped for `outage` ms mid-step, then started again.
 * - slow: one process; one account takes `slow` ms at the provider (longer than the ack wait and the
 *   stall limit): it must be asked once, and the run must not stall behind it.
 *
 * EXTRACTION_* variables in this process's environment are passed to the extractor processes (e.g.
 * EXTRACTION_STEP_ACK_WAIT_MS=60000 EXTRACTION_STALL_AFTER_MS=120000 EXTRACTION_SWEEP_INTERVAL_MS=30000 to
 * measure older settings). Uses DATABASE_URL (a fresh database on it) and needs the nats-server binary.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus } from '@prospector/bus';
import { startPrivateNatsServer } from '@prospector/bus/testing';
import { BILLING_RPC, createEvent, DATABASE_RPC } from '@prospector/contracts';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, migrationsFolderOf, startService } from '@prospector/service-kit';
import { createServiceChildren } from '@prospector/service-kit/testing';
import { z } from 'zod';
import { createFakeProvider } from '../src/_fake-provider.ts';
import { createSandboxEmailChecker } from '../src/email-check/configured-email-checker.ts';
import { extractorRunsEnvShape } from '../src/env.ts';
import { DEFAULT_RUN_CONFIG, type TRunDeps } from '../src/runs/run-deps.ts';
import { createLivePublisher } from '../src/runs/run-live-publisher.ts';
import { startRun } from '../src/runs/start-run.ts';
import { noWebsiteLookup } from '../src/websites/website-lookup.ts';

const SCENARIOS = ['kill', 'restart', 'nats', 'slow'] as const;
type TScenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    scenarios: { type: 'string', default: SCENARIOS.join(',') },
    latency: { type: 'string', default: '300' },
    outage: { type: 'string', default: '5000' },
    slow: { type: 'string', default: '25000' },
  },
});
const scenarios = values.scenarios.split(',') as TScenario[];
for (const scenario of scenarios) {
  if (!SCENARIOS.includes(scenario))
    throw new Error(`unknown scenario ${scenario} (${SCENARIOS.join(', ')})`);
}
const latencyMs = Number(values.latency);
const outageMs = Number(values.outage);
const slowMs = Number(values.slow);
const CHILD = fileURLToPath(new URL('./_bench-extractor.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));
const logger = createLogger({ bench: 'recovery' }, 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
// What the extractor processes run with: the defaults, unless this process's environment says otherwise.
const passedOn = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith('EXTRACTION_') && entry[1] !== undefined,
  ),
);
const runsEnv = z.object(extractorRunsEnvShape).parse(passedOn);
const settings = `ack wait ${seconds(runsEnv.EXTRACTION_STEP_ACK_WAIT_MS)}, stall after ${seconds(runsEnv.EXTRACTION_STALL_AFTER_MS)}, sweep every ${seconds(runsEnv.EXTRACTION_SWEEP_INTERVAL_MS)}, item delay ${runsEnv.EXTRACTION_ITEM_DELAY_MS} ms`;

/** The simulated Instagram API: every call answers after `latencyMs` (`slow*` accounts after `slowMs`). */
async function startSimulatedApi() {
  const calls = new Map<string, number>();
  const inFlight = new Map<number, string>();
  let nextCall = 0;
  const server = createServer((request, response) => {
    const username = decodeURIComponent(request.url?.split('/').pop() ?? '');
    const pid = Number(request.headers['x-process-id']);
    const call = nextCall++;
    calls.set(username, (calls.get(username) ?? 0) + 1);
    inFlight.set(call, `${pid}:${username}`);
    const done = () => inFlight.delete(call);
    response.once('close', done);
    setTimeout(
      () => {
        done();
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ email: `${username}@example.com` }));
      },
      username.startsWith('slow') ? slowMs : latencyMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** A call in flight: the asking process and the account. */
    inFlight: () => [...inFlight.values()].map((entry) => entry.split(':') as [string, string]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function scenario(name: TScenario): Promise<string> {
  const api = await startSimulatedApi();
  const nats = await startPrivateNatsServer();
  const children = createServiceChildren();
  const testDatabase = await createTestDatabase();
  const billingDb = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 4 });
  const extractorDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 4 });
  const bus = await createNatsBus({ url: nats.url, name: 'bench', logger });
  const pids = new Map<number, ChildProcess>();
  const spawnExtractor = async () => {
    const child = children.spawn(CHILD, {
      cwd: SERVICE_DIR,
      stdout: 'pipe',
      env: {
        PORT: '0',
        DATABASE_URL: testDatabase.url,
        NATS_URL: nats.url,
        LOG_LEVEL: 'silent',
        BENCH_PROVIDER_URL: api.url,
        ...passedOn,
      },
    });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`extractor exited with ${code} before it was ready`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('"ready":true')) resolve();
      });
    });
    pids.set(child.pid as number, child);
    return child;
  };
  try {
    await runMigrations(extractorDb, {
      migrationsFolder: migrationsFolderOf(new URL('../src/service.ts', import.meta.url).href),
      schemaName: 'extractor',
    });
    await bus.ensureStreams();
    const billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
      database: billingDb,
      bus,
      logger,
      identity: { verify: async () => null },
    });
    await bus.reply(DATABASE_RPC.extracted, async () => ({ extracted: [] }));
    const userId = `recovery-${crypto.randomUUID().slice(0, 6)}`;
    await bus.publish(
      createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
    );
    while ((await bus.request(BILLING_RPC.balance, { userId })).balance !== 25) {
      await sleep(50);
    }
    await Promise.all(Array.from({ length: name === 'kill' || name === 'nats' ? 2 : 1 }, spawnExtractor));

    const deps: TRunDeps = {
      db: extractorDb.db,
      bus,
      provider: createFakeProvider(),
      websites: noWebsiteLookup,
      emailCheck: { checker: createSandboxEmailChecker(), budgetMs: 3000 },
      live: createLivePublisher(bus, logger),
      config: { ...DEFAULT_RUN_CONFIG, maxLanes: 1 },
      logger,
    };
    const usernames = Array.from({ length: 25 }, (_, index) =>
      name === 'slow' && index === 3 ? `slow_${index}` : `mail_${index}`,
    );
    const run = await startRun(deps, userId, { usernames, source: 'batch' });
    const processed = async () => {
      const [row] = await extractorDb.sql<Array<{ processed: number; status: string }>>`
        select processed, status from extractor.extraction_runs where id = ${run.id}`;
      return row ?? { processed: 0, status: 'missing' };
    };
    while ((await processed()).processed < 3) await sleep(20);

    // The failure, while an account's provider call is in flight (so mid-step).
    let call = api.inFlight()[0];
    while (!call) {
      await sleep(5);
      call = api.inFlight()[0];
    }
    const [pid, username] = call;
    const before = (await processed()).processed;
    const failedAt = Date.now();
    let detail = '';
    if (name === 'kill' || name === 'restart') {
      const victim = pids.get(Number(pid));
      if (!victim) throw new Error(`no extractor process ${pid}`);
      await children.kill(victim);
      if (name === 'restart') await spawnExtractor();
      detail = `killed mid-call on ${username}`;
    } else if (name === 'nats') {
      await nats.stop();
      await sleep(outageMs);
      await nats.start();
      detail = `NATS down ${seconds(outageMs)} mid-call on ${username}`;
    } else {
      detail = `${username} takes ${seconds(slowMs)} at the provider`;
    }
    while ((await processed()).processed <= before) await sleep(20);
    const pauseMs = Date.now() - failedAt;
    // A few more accounts prove the run is moving again.
    while ((await processed()).processed < before + 4) await sleep(20);
    const finishedAt = await extractorDb.sql<Array<{ at: number }>>`
      select (extract(epoch from finished_at) * 1000)::float8 as at from extractor.extraction_run_items where run_id = ${run.id} and finished_at is not null
      order by finished_at limit 4`;
    const gaps = finishedAt.slice(1).map((row, index) => row.at - (finishedAt[index]?.at ?? 0));
    const normalMs = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    const twice = [...api.calls].filter(
      ([asked, count]) => count > 1 && !(name !== 'slow' && asked === username),
    );
    await billing.stop();
    return [
      `${name.padEnd(7)} ${detail}: pause ${seconds(pauseMs)} (normal gap between accounts ${seconds(normalMs)})`,
      `| accounts asked twice: ${twice.length === 0 ? 'none' : twice.map(([asked, count]) => `${asked} ×${count}`).join(', ')}${name === 'slow' ? '' : ` (the one in flight at the failure: ×${api.calls.get(username)})`}`,
    ].join(' ');
  } finally {
    children.killAll();
    await sleep(300);
    await bus.drain().catch(() => undefined);
    await extractorDb.close();
    await billingDb.close();
    await testDatabase.drop();
    await nats.dispose();
    await api.close();
  }
}

console.log(`Recovery bench: provider latency ${latencyMs} ms; ${settings}`);
for (const name of scenarios) console.log(await scenario(name));
process.exit(0);
