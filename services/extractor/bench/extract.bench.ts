/**
 * Extraction runs end to end: a 1,000-account batch against a simulated Instagram API with a global
 * rate limit, worked by 1 and then 2 extractor processes (the real service, each its own process, on
 * PostgreSQL and a private NATS server). Prints the batch's throughput against the limit, how long a
 * second user's single extraction takes while the batch runs, and each process's RSS when ready, once
 * warm (a fifth of the batch done) and at the end, with the load average at the start and the end.
 *
 *   pnpm bench:extract                                          # 1,000 accounts, 20/s, 300 ms, 16 lanes
 *   pnpm bench:extract -- --accounts 300 --rate 50 --latency 100 --lanes 8 --processes 1,2
 *   pnpm bench:extract -- --websites off --email-check off      # without the two per-account steps
 *
 * The simulated API queues requests so that at most `rate` start per second and answers each after
 * `latency` ms (a provider's own limiter and retries would do the same from the client side). Every
 * profile links a website: one local HTTP server reached through a distinct loopback address per site
 * (127.0.x.y, since the extractor allows each host one request a second), where half the sites of
 * profiles without an e-mail hold one on their contact page (`--websites on`, the default, has the runs
 * look there). Every found e-mail is checked against a local DNS server (`--email-check on`; off: the
 * sandbox's simulated DNS): 50 domains with an MX, and 2% of the profiles' addresses on domains that
 * do not exist (undeliverable, not charged). Uses DATABASE_URL (a fresh database on it) or embedded
 * PostgreSQL, and needs the nats-server binary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus } from '@prospector/bus';
import { startPrivateNatsServer } from '@prospector/bus/testing';
import { BILLING_RPC, createEvent, DATABASE_RPC, type TBalanceResponse } from '@prospector/contracts';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, migrationsFolderOf, startService } from '@prospector/service-kit';
import { createFakeProvider } from '../src/_fake-provider.ts';
import { startFakeDnsServer, type TFakeDnsRecords } from '../src/email-check/_fake-dns-server.ts';
import { createSandboxEmailChecker } from '../src/email-check/configured-email-checker.ts';
import { DEFAULT_RUN_CONFIG, type TRunDeps } from '../src/runs/run-deps.ts';
import { createLivePublisher } from '../src/runs/run-events.ts';
import { startRun } from '../src/runs/start-run.ts';
import { noWebsiteLookup } from '../src/websites/website-lookup.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    accounts: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    latency: { type: 'string', default: '300' },
    lanes: { type: 'string', default: '16' },
    processes: { type: 'string', default: '1,2' },
    websites: { type: 'string', default: 'on' },
    'email-check': { type: 'string', default: 'on' },
  },
});
const onOff = (name: string, value: string) => {
  if (value !== 'on' && value !== 'off') {
    console.error(`--${name} takes on or off, not "${value}"`);
    process.exit(2);
  }
  return value === 'on';
};
const websites = onOff('websites', values.websites);
const emailCheck = onOff('email-check', values['email-check']);
const accounts = Number(values.accounts);
const rate = Number(values.rate);
const latencyMs = Number(values.latency);
const lanes = Number(values.lanes);
const processCounts = values.processes.split(',').map(Number);
const CHILD = fileURLToPath(new URL('./_bench-extractor.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));
const logger = createLogger({ bench: 'extract' }, 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => (loadavg()[0] ?? 0).toFixed(1);

const kinds = ['mail', 'nomail', 'mail', 'ghost'];
const usernames = Array.from({ length: accounts }, (_, index) => `${kinds[index % kinds.length]}_${index}`);
const SINGLE = 'mail_single';
/** Site `n` is its own host on the loopback network (all of 127.0.0.0/8 reaches this machine). */
const hostOf = (n: number) =>
  `127.${Math.floor(n / 249 / 256) % 256}.${Math.floor(n / 249) % 256}.${2 + (n % 249)}`;
/** Each account's site (the single extraction's is the last) and what its contact page holds. */
const siteHosts = new Map([...usernames, SINGLE].map((username, n) => [username, hostOf(n)]));
const siteEmails = new Map(
  [...usernames, SINGLE].map((username, n) => {
    // Profiles without an e-mail: every other one's site holds an address, the rest none.
    const withAddress = !username.startsWith('nomail') || Math.floor(n / kinds.length) % 2 === 0;
    return [hostOf(n), withAddress ? `hello@site${n}.com` : null];
  }),
);
/** The address a profile shows: 50 domains taking mail, and 2% on domains that do not exist. */
const profileEmailOf = (username: string, index: number) =>
  index % 100 === 0 ? `${username}@gone${index}.com` : `${username}@d${Math.floor(index / 2) % 50}.com`;

/** The simulated Instagram API: `rate` requests start per second, each answered after `latencyMs`. */
async function startSimulatedApi(sitesPort: number) {
  let nextSlot = 0;
  let served = 0;
  const server = createServer((request, response) => {
    const username = decodeURIComponent(request.url?.split('/').pop() ?? '');
    const start = Math.max(Date.now(), nextSlot);
    nextSlot = start + 1000 / rate;
    setTimeout(
      () => {
        served += 1;
        if (username.startsWith('ghost')) return response.writeHead(404).end();
        // The single extraction's account (no number) shows an address on d0.com.
        const number = Number(username.split('_').pop());
        const index = Number.isNaN(number) ? 1 : number;
        const email = username.startsWith('nomail') ? null : profileEmailOf(username, index);
        const external_url = `http://${siteHosts.get(username) ?? '127.0.0.1'}:${sitesPort}/`;
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ email, external_url }));
      },
      start - Date.now() + latencyMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The profiles' websites: one HTTP server on every loopback address, each host a site of its own
 * (robots.txt empty, a home page linking to /contact, a contact page with the site's address or none).
 */
async function startSites() {
  let served = 0;
  const page = (body: string) =>
    `<!doctype html><html><head><title>Site</title></head><body>${body}</body></html>`;
  const server = createServer((request, response) => {
    served += 1;
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const email = siteEmails.get(host);
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(body));
    if (request.url === '/robots.txt') {
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('');
    }
    if (request.url === '/') return html('<h1>Welcome</h1><p>Our work.</p><a href="/contact">Contact</a>');
    if (request.url === '/contact') {
      return html(email ? `<p>Write to <a href="mailto:${email}">${email}</a></p>` : '<p>Use the form.</p>');
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail domains: every profile and site domain has an MX host with an address; `gone*` do not exist. */
function mailZone(): Record<string, TFakeDnsRecords> {
  const zone: Record<string, TFakeDnsRecords> = {};
  const domains = [
    ...Array.from({ length: 50 }, (_, index) => `d${index}.com`),
    ...[...siteEmails.values()].flatMap((email) => (email ? [email.split('@')[1] as string] : [])),
  ];
  for (const domain of domains) {
    zone[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
    zone[`mx.${domain}`] = { a: ['192.0.2.1'] };
  }
  return zone;
}

interface TChild {
  process: ChildProcess;
  ready: Promise<void>;
  rss: number;
  readyRss: number;
}

function spawnExtractor(env: Record<string, string>): TChild {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: SERVICE_DIR,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, ...env },
  });
  const state: TChild = { process: child, ready: Promise.resolve(), rss: 0, readyRss: 0 };
  state.ready = new Promise((resolve) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (!line.startsWith('{"')) continue;
        const report = JSON.parse(line) as { ready?: boolean; rss?: number };
        if (report.rss) state.rss = report.rss;
        if (report.ready) {
          state.readyRss = report.rss ?? 0;
          resolve();
        }
      }
    });
  });
  return state;
}

// Ctrl-C stops the extractor processes and the private nats-server of the scenario running.
const cleanUps = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([...cleanUps].map((cleanUp) => cleanUp())).then(() => process.exit(130));
  });
}

async function scenario(processes: number) {
  const loadAtStart = load();
  const sites = await startSites();
  const dns = await startFakeDnsServer(mailZone());
  const api = await startSimulatedApi(sites.port);
  const nats = await startPrivateNatsServer();
  const children: TChild[] = [];
  const killAll = async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await nats.dispose();
  };
  cleanUps.add(killAll);
  const testDatabase = await createTestDatabase();
  const billingDb = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 6 });
  const extractorDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 4 });
  const bus = await createNatsBus({ url: nats.url, name: 'bench', logger });
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
    const newUser = async (label: string, extra: number) => {
      const userId = `${label}-${crypto.randomUUID().slice(0, 6)}`;
      await bus.publish(
        createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
      );
      for (;;) {
        const balance = await bus.request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId });
        if (balance.balance === 25) break;
        await sleep(50);
      }
      if (extra > 0) {
        await billingDb.sql.begin(async (sql) => {
          await sql`update billing.credit_accounts set balance = balance + ${extra} where user_id = ${userId}`;
          await sql`insert into billing.credit_transactions (user_id, amount, reason, reference, idempotency_key, balance_after)
            values (${userId}, ${extra}, 'plan_grant', 'bench', ${crypto.randomUUID()}, ${25 + extra})`;
        });
      }
      return userId;
    };
    const big = await newUser('big', accounts);
    const single = await newUser('single', 0);

    for (let index = 0; index < processes; index += 1) {
      children.push(
        spawnExtractor({
          PORT: '0',
          DATABASE_URL: testDatabase.url,
          NATS_URL: nats.url,
          LOG_LEVEL: 'silent',
          BENCH_PROVIDER_URL: api.url,
          EXTRACTION_ITEM_DELAY_MS: '0',
          EXTRACTION_RUN_LANES: String(lanes),
          EXTRACTION_CONCURRENCY: String(DEFAULT_RUN_CONFIG.stepConcurrency),
          WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.0/8',
          EMAIL_CHECK_MODE: emailCheck ? 'network' : 'sandbox',
          EMAIL_DNS_SERVERS: dns.address,
        }),
      );
    }
    await Promise.all(children.map((child) => child.ready));
    const rssBefore = children.map((child) => child.readyRss);

    const deps: TRunDeps = {
      db: extractorDb.db,
      bus,
      provider: createFakeProvider(),
      websites: noWebsiteLookup,
      live: createLivePublisher(bus, logger),
      // Lanes are given to a run when it starts, by the process that starts it.
      config: { ...DEFAULT_RUN_CONFIG, maxLanes: lanes },
      logger,
      emailCheck: { checker: createSandboxEmailChecker(), budgetMs: 3000 },
    };
    const status = async (runId: string) => {
      const [row] = await extractorDb.sql<Array<{ status: string; processed: number }>>`
        select status, processed from extractor.extraction_runs where id = ${runId}`;
      return row ?? { status: 'missing', processed: 0 };
    };

    const startedAt = Date.now();
    const bigRun = await startRun(deps, big, { usernames, source: 'batch', websites });
    while ((await status(bigRun.id)).processed < accounts / 5) await sleep(20);
    // Past the first fifth, the processes are warm (code compiled, pools and caches filled): memory that
    // still grows from here to the end would grow with the work.
    const rssWarm = children.map((child) => child.rss);
    const singleStartedAt = Date.now();
    const singleRun = await startRun(deps, single, { usernames: [SINGLE], source: 'single', websites });
    while ((await status(singleRun.id)).status !== 'completed') await sleep(20);
    const singleMs = Date.now() - singleStartedAt;
    const bigAtSingle = (await status(bigRun.id)).processed;
    while ((await status(bigRun.id)).status !== 'completed') await sleep(50);
    const seconds = (Date.now() - startedAt) / 1000;
    await sleep(1100);
    const [found] = await extractorDb.sql<
      Array<{ onWebsites: number; undeliverable: number; pending: number }>
    >`
      select count(*) filter (where profile->'email_provenance'->>'field' = 'website')::int as "onWebsites",
        count(*) filter (where email_check->>'status' = 'undeliverable')::int as undeliverable,
        count(*) filter (where email_check_pending)::int as pending
      from extractor.extraction_run_items where run_id = ${bigRun.id}`;

    console.log(
      [
        `${processes} extractor process${processes > 1 ? 'es' : ''}: ${accounts} accounts in ${seconds.toFixed(1)} s`,
        `= ${(accounts / seconds).toFixed(1)}/s against a limit of ${rate}/s (${((accounts / seconds / rate) * 100).toFixed(0)}%)`,
        `| single extraction of another user: ${singleMs} ms (batch at ${bigAtSingle}/${accounts})`,
        `| RSS per process ready → warm (a fifth done) → end: ${children.map((child, index) => `${mb(rssBefore[index] ?? 0)} → ${mb(rssWarm[index] ?? 0)} → ${mb(child.rss)}`).join(', ')}`,
        `| e-mails found on websites: ${found?.onWebsites}, undeliverable: ${found?.undeliverable}${found?.pending ? ` (${found.pending} checks still pending)` : ''}`,
        `| API calls: ${api.served()}, site requests: ${sites.served()}, DNS questions: ${dns.questions.length}`,
        `| load average (1 min) start → end: ${loadAtStart} → ${load()}`,
      ].join(' '),
    );
    await billing.stop();
  } finally {
    cleanUps.delete(killAll);
    for (const child of children) child.process.kill('SIGTERM');
    await sleep(500);
    await bus.drain();
    await extractorDb.close();
    await billingDb.close();
    await testDatabase.drop();
    await nats.dispose();
    await api.close();
    await sites.close();
    await dns.close();
  }
}

console.log(
  `Extraction bench: ${accounts} accounts, simulated API ${rate}/s with ${latencyMs} ms latency, ${lanes} lanes per run, item delay 0, websites ${values.websites}, e-mail check ${emailCheck ? 'on (local DNS)' : 'off (sandbox DNS)'}`,
);
for (const processes of processCounts) await scenario(processes);
process.exit(0);
