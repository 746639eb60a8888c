/**
 * Extraction runs end to end, with the product's shipped run settings (limiter, lanes, pause, concurrency:
 * printed at the start): a 300-account batch against a simulated Instagram API with a global rate limit,
 * worked by 1 and then 2 extractor processes (the real service, each its own process), the database
 * service in its own process recording every profile, billing holding and charging, all on PostgreSQL and
 * a private NATS server; then once more with the limiter set above the API's limit, so the 429s and
 * their Retry-After are handled for real. Runs are started with HTTP `POST /api/extractor/runs` and timed
 * to their completion event on the user's SSE stream, as the page sees them.
 *
 *   pnpm bench:extract                                        # 300 accounts, the shipped limiter, 300 ms latency
 *   pnpm bench:extract -- --accounts 1000 --limiter 1200 --rate 20 --processes 1,2 --over off
 *   pnpm bench:extract -- --over 4                            # the over-limit scenario: limiter 4 × the API's rate
 *   pnpm bench:extract -- --websites off --email-check off    # without the two per-account steps
 *   BENCH_PORT_BASE=47000 pnpm bench:extract                  # fixed ports from 47000 (default: free ones)
 *   EXTRACTION_RUN_LANES=16 pnpm bench:extract                # other run settings (EXTRACTION_* go to the processes)
 *
 * The limiter (EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE) is by default what `pnpm start` ships: the rate the
 * configured provider states (the sandbox's 120 a minute, src/providers/provider-rates.ts); `--limiter` or
 * EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE given to the bench sets another. It is shared among the
 * processes, as the providers' README says to configure N instances. The simulated API lets `rate`
 * requests a second through (default: the limiter's, so it never has to refuse; bursts of 5 s worth) and
 * refuses the rest with 429 and Retry-After, as real providers do; each answer comes after `latency` ms.
 * The over-limit scenario (`--over <factor>`, default 4; `off` skips it) runs one process whose limiter
 * is `factor` × the API's rate: every 429 is counted, and so are the accounts whose retries ran out
 * (`api_error`). The extractor's retries and profile cache are in the path. Every profile links a website: one local HTTP server reached through
 * a distinct loopback address per site (127.x.y.z, since the extractor allows each host one request a
 * second), where half the sites of profiles without an e-mail hold one on their contact page. Every found
 * e-mail is checked against a local DNS server (`--email-check off`: the sandbox's simulated DNS): 50
 * domains with an MX, and 2% of the addresses on domains that do not exist (undeliverable, not charged).
 *
 * Sign-in is stood in for: a local endpoint answers the extractor's session check
 * (`GET /api/auth/get-session`) for the bench's users, and the bench answers the paywall's tool-access
 * question with an active subscription; the account service's own costs are measured by bench:api.
 *
 * Beside each figure: the load average, and a baseline measured in the same run (the API's limit for
 * throughput, a direct call to the simulated API for latency). Uses DATABASE_URL (a fresh database on
 * it) or embedded PostgreSQL, and needs the nats-server binary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import { createNatsBus, type TEventBus } from '@prospector/bus';
import { startPrivateNatsServer } from '@prospector/bus/testing';
import {
  ACCOUNT_RPC,
  BILLING_RPC,
  createEvent,
  EXTRACTOR_PATHS,
  RUN_STREAM_EVENTS,
  type TRun,
  type TToolAccessResponse,
} from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, startService } from '@prospector/service-kit';
import { onJsonReports } from '@prospector/service-kit/testing';
import { startFakeDnsServer, type TFakeDnsRecords } from '../src/email-check/_fake-dns-server.ts';
import { providerRequestsPerMinute } from '../src/providers/provider-rates.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    accounts: { type: 'string' },
    /** The limiter, requests a minute over all the processes (default: the shipped one). */
    limiter: { type: 'string' },
    /** The simulated API's limit, requests a second (default: the limiter's). */
    rate: { type: 'string' },
    /** The over-limit scenario's limiter as a multiple of the API's rate, or off. */
    over: { type: 'string', default: '4' },
    latency: { type: 'string', default: '300' },
    processes: { type: 'string' },
    websites: { type: 'string' },
    'email-check': { type: 'string', default: 'on' },
    // The soak (pnpm bench:soak): `users` users each start an `accounts`-account batch at once.
    soak: { type: 'boolean', default: false },
    users: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '100' },
  },
});
const soak = values.soak;
const onOff = (name: string, value: string) => {
  if (value !== 'on' && value !== 'off') {
    console.error(`--${name} takes on or off, not "${value}"`);
    process.exit(2);
  }
  return value === 'on';
};
// The soak reads no linked websites by default: it measures the scheduling, not the sites' politeness.
const websites = onOff('websites', values.websites ?? (soak ? 'off' : 'on'));
const emailCheck = onOff('email-check', values['email-check']);
const accounts = Number(values.accounts ?? (soak ? '200' : '300'));
const soakUsers = Number(values.users);
const soakSeconds = Number(values.seconds);
/** What `pnpm start` ships when the variable is unset: the sandbox's stated rate. */
const shippedPerMinute = providerRequestsPerMinute({ EXTRACTOR_PROVIDER: 'sandbox' });
const limiterGiven = values.limiter ?? process.env.EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE;
const limiterPerMinute = limiterGiven ? Number(limiterGiven) : shippedPerMinute;
const rate = values.rate ? Number(values.rate) : limiterPerMinute / 60;
const overFactor = values.over === 'off' || soak ? undefined : Number(values.over);
if (overFactor !== undefined && !(overFactor > 1)) {
  console.error(`--over takes a factor above 1 or off, not "${values.over}"`);
  process.exit(2);
}
const latencyMs = Number(values.latency);
const processCounts = (values.processes ?? (soak ? '1' : '1,2')).split(',').map(Number);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 0);
/** EXTRACTION_* variables given to the bench go to its processes, so other settings can be measured. */
const settingsGiven = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith('EXTRACTION_')),
) as Record<string, string>;
const CHILD = fileURLToPath(new URL('./_bench-extractor.ts', import.meta.url));
const SERVICES_DIR = fileURLToPath(new URL('../..', import.meta.url));
const logger = createLogger({ bench: 'extract' }, 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => (loadavg()[0] ?? 0).toFixed(1);

const kinds = ['mail', 'nomail', 'mail', 'ghost'];
const usernames = Array.from({ length: accounts }, (_, index) => `${kinds[index % kinds.length]}_${index}`);
/** The soak's batches: each user's own accounts (the same ones would come from the profile cache). */
const soakBatches = soak
  ? Array.from({ length: soakUsers }, (_, user) =>
      Array.from({ length: accounts }, (_, index) => `${kinds[index % kinds.length]}_u${user}_${index}`),
    )
  : [];
/** Singles of other users during the soak, one every few seconds. */
const SOAK_SINGLES = Array.from({ length: 40 }, (_, index) => `mail_soaksingle_${index}`);
/** Accounts extracted alone: at rest, again by another user (from the cache), and during the batch. */
const IDLE = 'mail_idle';
/** The first extraction after the processes start (code compiled, connections opened on the way). */
const FIRST = 'mail_first';
const DURING = 'mail_during';
/** Site `n` is its own host on the loopback network (all of 127.0.0.0/8 reaches this machine). */
const hostOf = (n: number) =>
  `127.${Math.floor(n / 249 / 256) % 256}.${Math.floor(n / 249) % 256}.${2 + (n % 249)}`;
/** Each account's site and what its contact page holds. */
const everyUsername = [...usernames, IDLE, DURING, FIRST, ...soakBatches.flat(), ...SOAK_SINGLES];
const siteHosts = new Map(everyUsername.map((username, n) => [username, hostOf(n)]));
const siteEmails = new Map(
  everyUsername.map((username, n) => {
    // Profiles without an e-mail: every other one's site holds an address, the rest none.
    const withAddress = !username.startsWith('nomail') || Math.floor(n / kinds.length) % 2 === 0;
    return [hostOf(n), withAddress ? `hello@site${n}.com` : null];
  }),
);
/** The address a profile shows: 50 domains taking mail, and 2% on domains that do not exist. */
const profileEmailOf = (username: string, index: number) =>
  index % 100 === 0 ? `${username}@gone${index}.com` : `${username}@d${Math.floor(index / 2) % 50}.com`;

let nextFixedPort = portBase;
/** A fixed port from BENCH_PORT_BASE on, or 0 (the system picks). */
const port = () => (portBase ? nextFixedPort++ : 0);
/** A port for a child process to listen on: fixed, or one the system says is free now. */
async function childPort(): Promise<number> {
  if (portBase) return nextFixedPort++;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}
const listen = async (server: Server, host = '127.0.0.1') => {
  await new Promise<void>((resolve) => server.listen(port(), host, resolve));
  return (server.address() as AddressInfo).port;
};
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * The simulated Instagram API: a token bucket of `rate` a second with bursts of 5 s worth (the shape of
 * the extractor's own limiter); a request beyond it gets 429 with Retry-After in whole seconds.
 */
async function startSimulatedApi(sitesPort: number) {
  const burst = rate * 5;
  let tokens = burst;
  let updatedAt = Date.now();
  let served = 0;
  let refused = 0;
  const server = createServer((request, response) => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - updatedAt) / 1000) * rate);
    updatedAt = now;
    if (tokens < 1) {
      refused += 1;
      const retryAfter = Math.max(1, Math.ceil((1 - tokens) / rate));
      return response.writeHead(429, { 'retry-after': String(retryAfter) }).end();
    }
    tokens -= 1;
    const username = decodeURIComponent(request.url?.split('/').pop() ?? '');
    setTimeout(() => {
      served += 1;
      if (username.startsWith('ghost')) return response.writeHead(404).end();
      const number = Number(username.split('_').pop());
      const index = Number.isNaN(number) ? 1 : number;
      const email = username.startsWith('nomail') ? null : profileEmailOf(username, index);
      const external_url = `http://${siteHosts.get(username) ?? '127.0.0.1'}:${sitesPort}/`;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ email, external_url }));
    }, latencyMs);
  });
  const apiPort = await listen(server);
  return {
    url: `http://127.0.0.1:${apiPort}`,
    counts: () => ({ served, refused }),
    close: () => closeServer(server),
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
  const sitesPort = await listen(server, '0.0.0.0');
  return { port: sitesPort, served: () => served, close: () => closeServer(server) };
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

/**
 * Sign-in stood in for: better-auth's session check answered for a `bench_user` cookie, and the paywall's
 * tool-access question answered "subscribed" for everyone.
 */
async function startAccountStandIn(bus: TEventBus) {
  const server = createServer((request, response) => {
    const userId = /(?:^|;\s*)bench_user=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (request.url?.startsWith('/api/auth/get-session') && userId) {
      return response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          user: { id: userId, email: `${userId}@example.com` },
          session: {},
          workspace: { id: userId, role: 'owner' },
        }),
      );
    }
    response.writeHead(401).end();
  });
  const accountPort = await listen(server);
  const access: TToolAccessResponse = {
    subscriptionStatus: 'active',
    trialStartedAt: new Date().toISOString(),
  };
  const subscription = await bus.reply(ACCOUNT_RPC.toolAccess, async () => access);
  return {
    url: `http://127.0.0.1:${accountPort}`,
    close: async () => {
      await subscription.stop();
      await closeServer(server);
    },
  };
}

interface TChild {
  process: ChildProcess;
  url: string;
  ready: Promise<void>;
  rss: number;
  readyRss: number;
  settings: { lanes?: number; itemDelayMs?: number; concurrency?: number };
}

/** A service process; `ready` once it reports so on stdout (extractor) or answers its health route. */
function spawnService(script: string, cwd: string, env: Record<string, string>, url: string): TChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...settingsGiven, ...env },
  });
  const state: TChild = {
    process: child,
    url,
    ready: Promise.resolve(),
    rss: 0,
    readyRss: 0,
    settings: {},
  };
  state.ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
    onJsonReports<{ ready?: boolean; rss?: number } & TChild['settings']>(child, (report) => {
      if (report.rss) state.rss = report.rss;
      if (report.ready) {
        state.readyRss = report.rss ?? 0;
        state.settings = report;
        resolve();
      }
    });
  });
  // A process stopped at the end (or one only waited on by its health route) is not an error here.
  state.ready.catch(() => undefined);
  return state;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function untilHealthy(url: string, child: ChildProcess) {
  for (let tries = 0; tries < 600; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode})`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not become healthy`);
}

/** One user's SSE stream of runs: when each run's `completed` event arrived. */
async function openRunStream(baseUrl: string, userId: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${EXTRACTOR_PATHS.events}`, {
    headers: { cookie: `bench_user=${userId}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events stream: ${response.status}`);
  const completedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = lines
            .find((line) => line.startsWith('event:'))
            ?.slice(6)
            .trim();
          const data = lines
            .find((line) => line.startsWith('data:'))
            ?.slice(5)
            .trim();
          if (event !== RUN_STREAM_EVENTS.run || !data) continue;
          const run = JSON.parse(data) as TRun;
          if (run.status !== 'completed' || completedAt.has(run.id)) continue;
          const at = performance.now();
          completedAt.set(run.id, at);
          waiting.get(run.id)?.(at);
        }
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return {
    completed: (runId: string) =>
      new Promise<number>((resolve) => {
        const at = completedAt.get(runId);
        if (at !== undefined) resolve(at);
        else waiting.set(runId, resolve);
      }),
    close: () => controller.abort(),
  };
}

async function startRunOverHttp(baseUrl: string, userId: string, names: string[]): Promise<TRun> {
  const response = await fetch(`${baseUrl}${EXTRACTOR_PATHS.runs}`, {
    method: 'POST',
    headers: { cookie: `bench_user=${userId}`, 'content-type': 'application/json' },
    body: JSON.stringify({ usernames: names, source: names.length > 1 ? 'batch' : 'single', websites }),
  });
  if (response.status !== 202) throw new Error(`POST runs: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { run: TRun }).run;
}

/** From the HTTP POST to the run's completion event on the user's stream, in ms. */
async function timedSingle(baseUrl: string, userId: string, username: string) {
  const stream = await openRunStream(baseUrl, userId);
  try {
    const startedAt = performance.now();
    const run = await startRunOverHttp(baseUrl, userId, [username]);
    return Math.round((await stream.completed(run.id)) - startedAt);
  } finally {
    stream.close();
  }
}

/** What the batch left: its items' outcomes and e-mail verdicts, and the records the database service stored. */
async function readBatchOutcome(runsDb: TDatabase, runId: string, userId: string) {
  const [found] = await runsDb.sql<
    Array<{ emails: number; onWebsites: number; undeliverable: number; pending: number; apiErrors: number }>
  >`
    select count(*) filter (where outcome = 'email_found')::int as emails,
      count(*) filter (where outcome = 'api_error')::int as "apiErrors",
      count(*) filter (where profile->'email_provenance'->>'field' = 'website')::int as "onWebsites",
      count(*) filter (where email_check->>'status' = 'undeliverable')::int as undeliverable,
      count(*) filter (where email_check_pending)::int as pending
    from extractor.extraction_run_items where run_id = ${runId}`;
  const [stored] = await runsDb.sql<Array<{ records: number }>>`
    select count(*)::int as records from database.extractions where user_id = ${userId}`;
  return { found, stored };
}

/** `processes` extractor processes on the simulated API, each with its own limiter. */
async function spawnExtractors(
  processes: number,
  env: Record<string, string>,
  perProcessLimiter: number,
  dnsAddress: string,
): Promise<TChild[]> {
  const spawned: TChild[] = [];
  for (let index = 0; index < processes; index += 1) {
    const extractorPort = await childPort();
    spawned.push(
      spawnService(
        CHILD,
        `${SERVICES_DIR}/extractor`,
        {
          ...env,
          PORT: String(extractorPort),
          EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: String(perProcessLimiter),
          WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.0/8',
          EMAIL_CHECK_MODE: emailCheck ? 'network' : 'sandbox',
          EMAIL_DNS_SERVERS: dnsAddress,
        },
        `http://127.0.0.1:${extractorPort}`,
      ),
    );
  }
  return spawned;
}

/** A new user with the 25 trial credits, and `extra` more granted as a plan would. */
function benchUserFactory(bus: TEventBus, billingDb: TDatabase) {
  return async (label: string, extra: number) => {
    const userId = `${label}-${crypto.randomUUID().slice(0, 6)}`;
    await bus.publish(
      createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
    );
    for (;;) {
      const balance = await bus.request(BILLING_RPC.balance, { userId });
      if (balance.balance === 25) break;
      await sleep(50);
    }
    if (extra > 0) {
      await billingDb.sql.begin(async (sql) => {
        await sql`update billing.credit_accounts set balance = balance + ${extra} where owner_key = ${userId}`;
        await sql`insert into billing.credit_transactions (owner_key, user_id, amount, reason, reference, idempotency_key, balance_after)
          values (${userId}, ${userId}, ${extra}, 'plan_grant', 'bench', ${crypto.randomUUID()}, ${25 + extra})`;
      });
    }
    return userId;
  };
}

// Ctrl-C stops the service processes and the private nats-server of the scenario running.
const cleanUps = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([...cleanUps].map((cleanUp) => cleanUp())).then(() => process.exit(130));
  });
}

/**
 * One scenario: `processes` extractor processes, each with a limiter of `perProcessLimiter` requests a
 * minute; `label` says where that figure comes from.
 */
async function scenario(processes: number, perProcessLimiter: number, label: string) {
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
  const bus = await createNatsBus({ url: nats.url, name: 'bench', logger });
  const account = await startAccountStandIn(bus);
  try {
    await bus.ensureStreams();
    const billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
      database: billingDb,
      bus,
      logger,
      identity: { verify: async () => null },
    });
    const common = { DATABASE_URL: testDatabase.url, NATS_URL: nats.url, ACCOUNT_SERVICE_URL: account.url };
    const databasePort = await childPort();
    const database = spawnService(
      'src/main.ts',
      `${SERVICES_DIR}/database`,
      { ...common, PORT: String(databasePort) },
      `http://127.0.0.1:${databasePort}`,
    );
    children.push(database);
    await untilHealthy(`${database.url}/api/database/health`, database.process);
    children.push(
      ...(await spawnExtractors(
        processes,
        { ...common, BENCH_PROVIDER_URL: api.url },
        perProcessLimiter,
        dns.address,
      )),
    );
    const extractors = children.slice(1);
    await Promise.all(extractors.map((child) => child.ready));
    const rssBefore = extractors.map((child) => child.readyRss);
    const settings = extractors[0]?.settings;
    const first = extractors[0] as TChild;
    const last = extractors.at(-1) as TChild;

    const newUser = benchUserFactory(bus, billingDb);
    const big = await newUser('big', accounts);
    const single = await newUser('single', 0);
    const cached = await newUser('cached', 0);
    const warm = await newUser('warm', 0);

    // Baseline: one call straight to the simulated API, then the same account through the product.
    const directStart = performance.now();
    await fetch(`${api.url}/profile/${IDLE}`).then((response) => response.text());
    const directMs = Math.round(performance.now() - directStart);
    const firstMs = await timedSingle(first.url, warm, FIRST);
    const idleMs = await timedSingle(first.url, single, IDLE);
    const cachedMs = await timedSingle(last.url, cached, IDLE);
    if (soak) {
      await soakPhase({
        extractors,
        children,
        newUser,
        databaseUrl: testDatabase.url,
        api,
        processes,
        perProcessLimiter,
      });
      console.log(
        `| baseline in the same run: a direct API call ${directMs} ms; a single extraction at rest ${idleMs} ms (first after start ${firstMs} ms, from the cache ${cachedMs} ms) | load average (1 min) start → end: ${loadAtStart} → ${load()}`,
      );
      await billing.stop();
      return;
    }

    const status = async (runId: string) => {
      const response = await fetch(`${first.url}${EXTRACTOR_PATHS.run.replace(':runId', runId)}`, {
        headers: { cookie: `bench_user=${big}` },
      });
      return (await response.json()) as TRun;
    };
    const runsDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 2 });
    const progress = async (runId: string) => {
      const [row] = await runsDb.sql<Array<{ status: string; processed: number }>>`
        select status, processed from extractor.extraction_runs where id = ${runId}`;
      return row ?? { status: 'missing', processed: 0 };
    };
    const bigStream = await openRunStream(first.url, big);
    const cpuAtStart = children.map((child) => cpuSecondsOf(child.process.pid));
    const startedAt = performance.now();
    const bigRun = await startRunOverHttp(first.url, big, usernames);
    while ((await progress(bigRun.id)).processed < accounts / 5) await sleep(20);
    // Past the first fifth, the processes are warm (code compiled, pools and caches filled): memory that
    // still grows from here to the end would grow with the work.
    const rssWarm = extractors.map((child) => child.rss);
    const warmAt = performance.now();
    const warmProcessed = (await progress(bigRun.id)).processed;
    const duringMs = await timedSingle(last.url, single, DURING);
    const bigAtSingle = (await progress(bigRun.id)).processed;
    const endedAt = await bigStream.completed(bigRun.id);
    const seconds = (endedAt - startedAt) / 1000;
    // The API's burst is spent in the first seconds: past the first fifth, the rate is the sustained one.
    const steadyRate = (accounts - warmProcessed) / ((endedAt - warmAt) / 1000);
    bigStream.close();
    const cpuPerAccount = children.map(
      (child, index) => ((cpuSecondsOf(child.process.pid) - (cpuAtStart[index] ?? 0)) * 1000) / accounts,
    );
    const bigDetail = await status(bigRun.id);
    await sleep(1100);
    const { found, stored } = await readBatchOutcome(runsDb, bigRun.id, big);
    await runsDb.close();
    const { served, refused } = api.counts();

    console.log(
      [
        `${processes} extractor process${processes > 1 ? 'es' : ''} (limiter ${perProcessLimiter}/min each: ${label}; lanes ${settings?.lanes}, pause ${settings?.itemDelayMs} ms, concurrency ${settings?.concurrency}):`,
        `${accounts} accounts in ${seconds.toFixed(1)} s = ${(accounts / seconds).toFixed(1)}/s (the API's burst included); past the first fifth ${steadyRate.toFixed(1)}/s against the API's ${rate}/s (${((steadyRate / rate) * 100).toFixed(0)}%)${found?.apiErrors ? `, counting the ${found.apiErrors} accounts that ended without an answer (api_error)` : ''}`,
        `| single extraction (POST → completion event) first after start: ${firstMs} ms, at rest: ${idleMs} ms, from the cache: ${cachedMs} ms, another user's during the batch: ${duringMs} ms (batch at ${bigAtSingle}/${accounts}) — a direct API call: ${directMs} ms`,
        `| CPU per account: extractor ${cpuPerAccount
          .slice(1)
          .map((cpu) => `${cpu.toFixed(1)} ms`)
          .join(' + ')}, database service ${cpuPerAccount[0]?.toFixed(1)} ms`,
        `| RSS per process ready → warm (a fifth done) → end: ${extractors.map((child, index) => `${mb(rssBefore[index] ?? 0)} → ${mb(rssWarm[index] ?? 0)} → ${mb(child.rss)}`).join(', ')}`,
        `| e-mails found: ${found?.emails} (on websites: ${found?.onWebsites}, undeliverable: ${found?.undeliverable}${found?.pending ? `, ${found.pending} checks still pending` : ''}), records stored by the database service: ${stored?.records}, credits used: ${bigDetail.creditsUsed}`,
        `| API answers: ${served}, refused with 429 (Retry-After given): ${refused}, accounts whose retries ran out (api_error): ${found?.apiErrors}; site requests: ${sites.served()}, DNS questions: ${dns.questions.length}`,
        `| load average (1 min) start → end: ${loadAtStart} → ${load()}`,
      ].join(' '),
    );
    await billing.stop();
  } finally {
    cleanUps.delete(killAll);
    for (const child of children) child.process.kill('SIGTERM');
    await sleep(500);
    await account.close();
    await bus.drain();
    await billingDb.close();
    await testDatabase.drop();
    await nats.dispose();
    await api.close();
    await sites.close();
    await dns.close();
  }
}

/**
 * The soak: `soakUsers` users each start an `accounts`-account batch at the same moment (spread over the
 * processes), for at most `soakSeconds`. Meanwhile, every few seconds another user (a new one each time)
 * extracts one account, timed from its POST to the completion event on its SSE stream, alternately
 * through each process. Then: throughput past the first tenth of the window against the API's limit,
 * and how evenly the users got through (the spread of their completion times, or, for batches still
 * running when the time is up, of the accounts each got done).
 */
async function soakPhase(context: {
  extractors: TChild[];
  children: TChild[];
  newUser: (label: string, extra: number) => Promise<string>;
  databaseUrl: string;
  api: { counts(): { served: number; refused: number } };
  processes: number;
  perProcessLimiter: number;
}) {
  const { extractors, children, newUser } = context;
  const runsDb = createDatabase({ url: context.databaseUrl, schemaName: 'extractor', max: 2 });
  const users = [];
  for (let user = 0; user < soakUsers; user += 1) users.push(await newUser(`soak${user}`, accounts));
  const settings = extractors[0]?.settings;
  const served = context.api.counts();
  const cpuAtStart = children.map((child) => cpuSecondsOf(child.process.pid));
  const startedAt = performance.now();
  const runs = await Promise.all(
    users.map((userId, index) =>
      startRunOverHttp(
        (extractors[index % extractors.length] as TChild).url,
        userId,
        soakBatches[index] as string[],
      ),
    ),
  );
  const postsMs = Math.round(performance.now() - startedAt);
  const runIds = runs.map((run) => run.id);
  const progress = async () =>
    runsDb.sql<Array<{ id: string; processed: number; status: string; finished_ms: number | null }>>`
      select id, processed, status,
        (extract(epoch from finished_at - created_at) * 1000)::float8 as finished_ms
      from extractor.extraction_runs where id in ${runsDb.sql(runIds)}`;
  const doneOf = (rows: Array<{ processed: number }>) => rows.reduce((sum, row) => sum + row.processed, 0);
  const deadline = startedAt + soakSeconds * 1000;
  const warmAfterMs = (soakSeconds * 1000) / 10;
  let warm: { at: number; done: number } | undefined;
  const singles: Array<{ ms: number; load: string; done: number; timeline: string }> = [];
  /** Where a single's time went, from its run's row: admitted, handed to the work queue, account done, closed. */
  const timelineOf = async (userId: string) => {
    const [row] = await runsDb.sql<
      Array<{ admitted: number; published: number; done: number; closed: number }>
    >`
      select
        (extract(epoch from min(o.created_at) - r.created_at) * 1000)::int as admitted,
        (extract(epoch from min(o.published_at) - r.created_at) * 1000)::int as published,
        (extract(epoch from max(i.finished_at) - r.created_at) * 1000)::int as done,
        (extract(epoch from r.finished_at - r.created_at) * 1000)::int as closed
      from extractor.extraction_runs r
      join extractor.extraction_run_items i on i.run_id = r.id
      left join extractor.outbox o on o.type = 'extractor.jobs.step' and o.payload->'data'->>'runId' = r.id::text
      where r.user_id = ${userId} group by r.id`;
    return row
      ? `admitted +${row.admitted} ms, on the queue +${row.published} ms, account done +${row.done} ms, closed +${row.closed} ms`
      : 'no run';
  };
  let rows = await progress();
  for (let index = 0; performance.now() < deadline; index += 1) {
    rows = await progress();
    if (rows.every((row) => row.status !== 'queued' && row.status !== 'running')) break;
    if (!warm && performance.now() - startedAt >= warmAfterMs)
      warm = { at: performance.now(), done: doneOf(rows) };
    const other = await newUser(`other${index}`, 0);
    const via = extractors[index % extractors.length] as TChild;
    const ms = await timedSingle(via.url, other, SOAK_SINGLES[index % SOAK_SINGLES.length] as string);
    singles.push({ ms, load: load(), done: doneOf(await progress()), timeline: await timelineOf(other) });
    await sleep(3000);
  }
  rows = await progress();
  const endedAt = performance.now();
  const finished = rows.filter((row) => row.finished_ms !== null);
  const total = doneOf(rows);
  const window = warm ?? { at: startedAt, done: 0 };
  const steadyRate = (total - window.done) / ((endedAt - window.at) / 1000);
  const spreadOf = (numbers: number[]) => {
    const mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
    return mean > 0 ? (Math.max(...numbers) - Math.min(...numbers)) / mean : 0;
  };
  const allFinished = finished.length === rows.length;
  const spread = allFinished
    ? `completion times ${(Math.min(...finished.map((row) => row.finished_ms ?? 0)) / 1000).toFixed(1)}–${(Math.max(...finished.map((row) => row.finished_ms ?? 0)) / 1000).toFixed(1)} s, spread ${(spreadOf(finished.map((row) => row.finished_ms ?? 0)) * 100).toFixed(1)}%`
    : `${finished.length}/${rows.length} batches finished in the ${soakSeconds} s; accounts done per user ${Math.min(...rows.map((row) => row.processed))}–${Math.max(...rows.map((row) => row.processed))}, spread ${(spreadOf(rows.map((row) => row.processed)) * 100).toFixed(1)}%`;
  const sorted = singles.map((single) => single.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const cpuPerAccount = children.map(
    (child, index) =>
      ((cpuSecondsOf(child.process.pid) - (cpuAtStart[index] ?? 0)) * 1000) / Math.max(1, total),
  );
  const { served: answered, refused } = context.api.counts();
  for (const run of rows.filter((row) => row.status === 'queued' || row.status === 'running')) {
    const owner = users[runIds.indexOf(run.id)] as string;
    await fetch(`${extractors[0]?.url}${EXTRACTOR_PATHS.cancelRun.replace(':runId', run.id)}`, {
      method: 'POST',
      headers: { cookie: `bench_user=${owner}` },
    }).catch(() => undefined);
  }
  await runsDb.close();
  console.log(
    [
      `${context.processes} extractor process${context.processes > 1 ? 'es' : ''} (lanes ${settings?.lanes} per run, concurrency ${settings?.concurrency}, limiter ${context.perProcessLimiter}/min each), ${soakUsers} users × ${accounts} accounts started at once (${postsMs} ms for the ${soakUsers} POSTs):`,
      `| another user's single extraction during the soak (POST → completion event): median ${median} ms, max ${sorted.at(-1) ?? 0} ms over ${singles.length} (${singles.map((single) => `${single.ms} ms at load ${single.load}, ${single.done} done: ${single.timeline}`).join('; ')}) — target ≤ the API's latency + 1 s = ${latencyMs + 1000} ms`,
      `| ${total} accounts in ${((endedAt - startedAt) / 1000).toFixed(1)} s; past the first tenth ${steadyRate.toFixed(1)}/s against the API's ${rate}/s (${((steadyRate / rate) * 100).toFixed(0)}%) at load ${load()}`,
      `| per user: ${spread}`,
      `| CPU per account: extractor ${cpuPerAccount
        .slice(1)
        .map((cpu) => `${cpu.toFixed(1)} ms`)
        .join(
          ' + ',
        )}, database service ${cpuPerAccount[0]?.toFixed(1)} ms; API answers ${answered - served.served}, refused with 429: ${refused - served.refused}`,
    ].join(' '),
  );
}

const limiterSource = limiterGiven
  ? `set to ${limiterPerMinute}/min (pnpm start ships ${shippedPerMinute}/min)`
  : `the shipped ${limiterPerMinute}/min, the sandbox's stated rate`;
console.log(
  [
    soak
      ? `Extraction soak: ${soakUsers} users × ${accounts} accounts at once, at most ${soakSeconds} s,`
      : `Extraction bench: ${accounts} accounts,`,
    `limiter ${limiterSource}, shared among the processes; simulated API ${rate}/s with ${latencyMs} ms latency (429 beyond);`,
    `the shipped run settings, websites ${websites ? 'on' : 'off'}, e-mail check ${emailCheck ? 'on (local DNS)' : 'off (sandbox DNS)'}`,
    `| baseline: the API's limit, ${rate}/s (throughput), and a direct call to it (latency, in each scenario)`,
    `| load average (1 min, 5 min) ${loadavg()
      .slice(0, 2)
      .map((value) => value.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores`,
  ].join(' '),
);
for (const processes of processCounts) {
  const perProcess = Math.max(1, Math.floor(limiterPerMinute / processes));
  await scenario(
    processes,
    perProcess,
    processes > 1 ? `${limiterSource} ÷ ${processes}` : limiterGiven ? 'as set' : 'as shipped',
  );
}
if (overFactor !== undefined) {
  const over = Math.round(rate * 60 * overFactor);
  console.log(
    `Over the limit: the limiter at ${overFactor} × the API's rate (${over}/min against ${rate * 60}/min), so the API refuses with 429 and Retry-After`,
  );
  await scenario(1, over, `${overFactor} × the API's limit`);
}
process.exit(0);
