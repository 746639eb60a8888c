/**
 * `pnpm bench:webhooks [--pending 100] [--delay 10000] [--samples 8] [--workers 2]`: does one customer's
 * slow endpoint delay another customer's webhook? The real sender (`delivery-worker.ts`, the shipped
 * settings: 16 attempts in flight per process, 2 per endpoint, 10 s timeout) in `workers` senders on one
 * PostgreSQL (as that many account processes), the real bus consumers on a private NATS server, and two
 * local receivers: one that answers after `delay` ms, one at once.
 *
 * First the bare baseline: another customer's `run.completed`, from the event published on the bus to
 * the request at their endpoint, with nothing pending. Then `pending` messages are waiting for the slow
 * endpoint and being attempted, and the same is measured `samples` times, 1.5 s apart (so across the slow
 * answers coming back and their places filling again). Target: every one within 2 s of its event.
 * Prints the machine's load average beside the figures; exits 1 when the target is missed.
 *
 * Uses DATABASE_URL (a fresh database on it; an embedded PostgreSQL without it) and the nats-server binary.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createNatsBus } from '@prospector/bus';
import { startPrivateNatsServer } from '@prospector/bus/testing';
import { createEvent, type TRun } from '@prospector/contracts';
import { createMigratedTestDatabase } from '@prospector/db/testing';
import { createLogger, migrationsFolderOf } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { user, webhookDeliveries } from '../src/db/schema.ts';
import { startWebhookReceiver } from '../src/webhooks/_receiver.ts';
import { startWebhookWorker } from '../src/webhooks/delivery-worker.ts';
import { DEFAULT_WEBHOOK_CONFIG, type TWebhookConfig } from '../src/webhooks/webhook-config.ts';
import { consumeWebhookSources } from '../src/webhooks/webhook-events.ts';
import { saveEndpoint } from '../src/webhooks/webhook-store.ts';
import { ensurePersonalWorkspace } from '../src/workspaces/personal-workspace.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    pending: { type: 'string', default: '100' },
    delay: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '8' },
    workers: { type: 'string', default: '2' },
  },
});
const PENDING = Number(values.pending);
const DELAY_MS = Number(values.delay);
const SAMPLES = Number(values.samples);
const WORKERS = Number(values.workers);
const TARGET_MS = 2_000;
const SPACING_MS = 1_500;

const logger = createLogger({ bench: 'webhooks' }, 'silent');
const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const ms = (value: number) => `${Math.round(value)} ms`;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)}, max ${ms(sorted.at(-1) ?? 0)} (${values.map(ms).join(', ')})`;
};

const config: TWebhookConfig = { ...DEFAULT_WEBHOOK_CONFIG, allowance: ['127.0.0.1'] };

const database = await createMigratedTestDatabase(
  {
    migrationsFolder: migrationsFolderOf(new URL('../src/service.ts', import.meta.url).href),
    schemaName: 'account',
  },
  { max: 4 + 2 * WORKERS, logger },
);
const nats = await startPrivateNatsServer();
const bus = await createNatsBus({ url: nats.url, name: 'bench-webhooks', logger });
await bus.ensureStreams();
const slow = await startWebhookReceiver([], { delayMs: DELAY_MS });
const fast = await startWebhookReceiver();
const workers = Array.from({ length: WORKERS }, () => startWebhookWorker({ database, config, logger }));
const kickAll = () => {
  for (const worker of workers) worker.kick();
};
const sources = await consumeWebhookSources(database, bus, kickAll);

const userWithEndpoint = async (url: string) => {
  const userId = crypto.randomUUID();
  await database.db.insert(user).values({ id: userId, name: 'Bench', email: `${userId}@example.com` });
  await ensurePersonalWorkspace(database.db, userId);
  await saveEndpoint(database.db, { ownerKey: userId, userId }, `${url}?user=${userId}`);
  return userId;
};

const runOf = (): TRun => ({
  id: crypto.randomUUID(),
  source: 'single',
  sourceDetail: null,
  firstUsernames: ['alpha'],
  status: 'completed',
  total: 1,
  processed: 1,
  emailsFound: 1,
  errors: 0,
  creditsUsed: 1,
  emailsUndeliverable: 0,
  skipped: [],
  inOtherRuns: [],
  currentUsername: null,
  cancelRequested: false,
  websites: true,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
});

/** Another customer's run finishes: ms from the event published to the request at their endpoint. */
async function oneWebhook(): Promise<number> {
  const userId = await userWithEndpoint(fast.url);
  const event = createEvent('extractions.run-finished', userId, { run: runOf() });
  const publishedAt = Date.now();
  await bus.publish(event);
  for (;;) {
    const hook = fast.received.find((received) => received.path.endsWith(`user=${userId}`));
    if (hook) return hook.at - publishedAt;
    if (Date.now() - publishedAt > 120_000) throw new Error('no webhook within 2 minutes');
    await sleep(5);
  }
}

say(`bench:webhooks — ${PENDING} pending to an endpoint answering after ${ms(DELAY_MS)}, ${WORKERS} senders`);
say(
  `settings: ${config.concurrency} in flight per sender, ${config.perEndpointConcurrency} per endpoint, timeout ${ms(config.timeoutMs)}, poll ${ms(config.pollMs)}`,
);
say(`load average at start: ${load()}`);

const baseline: number[] = [];
await oneWebhook(); // warms the consumers and the connection pool
for (let sample = 0; sample < SAMPLES; sample += 1) {
  baseline.push(await oneWebhook());
  await sleep(200);
}
say(`baseline, nothing pending:        ${summary(baseline)}`);

const stuck = await userWithEndpoint(slow.url);
// The backlog in one statement (the rows `enqueueDelivery` writes), so --pending 100000 takes seconds.
const backlogPayload = JSON.stringify({
  type: 'run.completed',
  timestamp: new Date().toISOString(),
  data: {},
});
await database.db.execute(sql`
  insert into ${webhookDeliveries} (user_id, event_type, source_event_id, payload, next_attempt_at)
  select ${stuck}, 'run.completed', gen_random_uuid(), ${backlogPayload}::jsonb, now()
  from generate_series(1, ${PENDING})`);
kickAll();
while (slow.received.length < config.perEndpointConcurrency) await sleep(10);

const beside: number[] = [];
for (let sample = 0; sample < SAMPLES; sample += 1) {
  const started = Date.now();
  beside.push(await oneWebhook());
  await sleep(Math.max(0, SPACING_MS - (Date.now() - started)));
}
say(`beside ${PENDING} pending to the slow one: ${summary(beside)}`);
say(
  `the slow endpoint: ${slow.received.length} requests so far, at most ${slow.maxInFlight()} at once (limit ${config.perEndpointConcurrency})`,
);
say(`load average at end: ${load()}`);

const worst = Math.max(...beside);
const met = worst <= TARGET_MS;
say(`target: another customer's webhook within ${ms(TARGET_MS)} of its event — ${met ? 'met' : 'MISSED'}`);

// The slow endpoint's open requests end at once when it closes, so the senders stop without waiting.
await slow.close();
await Promise.all(sources.map((source) => source.stop()));
await Promise.all(workers.map((worker) => worker.stop()));
await bus.drain();
await fast.close();
await nats.dispose();
await database.close();
process.exit(met ? 0 : 1);
