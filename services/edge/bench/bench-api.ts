/**
 * `pnpm bench:api [--quick] [--rate 500] [--connections 50] [--duration 15] [--loads steady,burst,saturation]`:
 * API latency and throughput of the app as `pnpm start` runs it (the same command, its shipped logging),
 * signed in and not. Starts it in a child process on a fresh data directory (or the PostgreSQL in
 * DATABASE_URL, which the child inherits) and a port of its own (BENCH_PORT pins it), signs a user up
 * through the real API (sign-up → the dev mailbox's verification link → session cookie), runs one
 * extraction so the runs are not empty, bulk-loads the user's library to 100,000 saved records
 * (`--library`; bench:database's seeding), then loads each endpoint — the cheap reads and
 * the costly ones (the database list with and without filters, the runs list, a run's detail) — at a
 * steady rate (evenly spaced arrivals, latency counted from each request's scheduled time), as
 * autocannon's rate-limited burst, and at saturation. Beside the figures: the load average, and a bare
 * Node `http` server saturated in the same run (the ratio of each signed-in read's throughput to it),
 * alone and asking the same PostgreSQL one prepared query per request (what any read that needs the
 * database can reach from one Node process). The target: each signed-in read that asks PostgreSQL once
 * reaches ≥ 0.6 × that second baseline at saturation, in the same run; the ratio is printed and the exit
 * code says whether every such read met it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedExtractions } from '@prospector/database/bench/seed-extractions';
import { findFreePort } from '@prospector/db';
import { readEmbeddedPostgresUrl } from '@prospector/db/testing';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { REPO_ROOT, rootStartCommand } from '../src/paths.ts';
import { BARE_QUERY_SERVER, BARE_SERVER } from './bare-server.ts';
import { signUpVerifiedUser } from './sign-up-user.ts';
import { percentile, steadyLoad } from './steady-load.ts';
import { waitForApp } from './wait-for-app.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rate: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    'saturation-connections': { type: 'string' },
    /** Which loads to run: steady, burst, saturation (comma-separated; all by default). */
    loads: { type: 'string', default: 'steady,burst,saturation' },
    /** Only the endpoints whose name contains one of these texts (comma-separated, e.g. `plans,credits`); all by default. */
    only: { type: 'string' },
    /** Saved records loaded into the signed-in user's library before the loads (0: only the 25 extracted). */
    library: { type: 'string', default: '100000' },
    /** Writes the app's CPU profile (node --cpu-prof) into this folder, for chrome://inspect or speedscope. */
    'cpu-prof': { type: 'string' },
  },
});
const quick = args.quick;
const rate = Number(args.rate ?? 500);
const connections = Number(args.connections ?? 50);
const duration = Number(args.duration ?? (quick ? 4 : 15));
const saturationConnections = Number(args['saturation-connections'] ?? 20);
const loads = new Set(args.loads.split(','));
const libraryRows = Number(args.library);
/** A signed-in read that asks PostgreSQL once is held to this share of the bare server asking it once. */
const ONE_QUERY_TARGET = 0.6;
const say = (line = '') => process.stdout.write(`${line}\n`);

/** The root package.json's `start` command (what `pnpm start` runs), with this Node for `node`. */
function startCommand(): string[] {
  const [program, ...rest] = rootStartCommand();
  if (program !== 'node') throw new Error(`pnpm start runs "${program}", not node: update bench-api.ts`);
  return rest;
}

async function startApp(port: number, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, ...startCommand()], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForApp(child, url);
  return { url, child };
}

/** A bare Node `http` server (bare-server.ts) in its own process: the same run's ceiling for one Node process. */
async function startBareServer(
  command: string[],
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await findFreePort();
  const [file = '', ...rest] = command;
  const child = spawn(file, rest, { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bare Node server did not start');
}

/** One extraction of the sandbox's sample accounts, so the library, the runs list and a run have rows. */
async function seedLibrary(baseUrl: string, cookie: string): Promise<string> {
  const usernames = Array.from({ length: 25 }, (_, index) => `bench.sample${index}`);
  const started = await fetch(`${baseUrl}/api/extractor/runs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ usernames, source: 'batch' }),
  });
  if (started.status !== 202)
    throw new Error(`starting the seed run: ${started.status} ${await started.text()}`);
  const { run } = (await started.json()) as { run: { id: string } };
  for (let tries = 0; tries < 600; tries += 1) {
    const detail = (await (
      await fetch(`${baseUrl}/api/extractor/runs/${run.id}`, { headers: { cookie } })
    ).json()) as {
      status: string;
    };
    if (!['queued', 'running'].includes(detail.status)) return run.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the seed run did not finish within 2 minutes');
}

interface TRow {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Steady rows: how late the load generator sent its requests (p99, ms). */
  sendLag?: number;
  /** CPU time per answered request (ms): the app's process, and its PostgreSQL's when embedded. */
  cpu?: { app: number; postgres: number };
  /** The app's longest event-loop delay during the load (ms, from its /metrics). */
  loopDelayMax?: number;
}

/**
 * The app's event-loop delay since the previous call (ms): prom-client resets its histogram on every
 * scrape of /metrics, which the app answers to loopback clients.
 */
async function loopDelayMaxMs(baseUrl: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const value = text.match(/^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m)?.[1];
    return value === undefined ? undefined : Number(value) * 1000;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) so far of `pid` and of its descendants (/proc; undefined elsewhere). */
function cpuSeconds(pid: number): { app: number; children: number } | undefined {
  try {
    const ticks = 100; // USER_HZ, 100 on Linux
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((name) => {
        try {
          // Fields after the command's closing parenthesis: state ppid … utime (14) stime (15).
          const text = readFileSync(`/proc/${name}/stat`, 'utf8');
          const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
          return [
            {
              pid: Number(name),
              ppid: Number(fields[1]),
              cpu: (Number(fields[11]) + Number(fields[12])) / ticks,
            },
          ];
        } catch {
          return [];
        }
      });
    const tree = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const stat of stats)
        if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
          tree.add(stat.pid);
          grew = true;
        }
    }
    let own = 0;
    let children = 0;
    for (const stat of stats)
      if (stat.pid === pid) own = stat.cpu;
      else if (tree.has(stat.pid)) children += stat.cpu;
    return { app: own, children };
  } catch {
    return undefined;
  }
}

/** Runs `load` and adds the app's CPU time per answered request and its event-loop delay to its row. */
async function withCpu(load: () => Promise<TRow>): Promise<TRow> {
  const pid = app?.pid;
  if (appUrl) await loopDelayMaxMs(appUrl);
  const before = pid ? cpuSeconds(pid) : undefined;
  const row = await load();
  const after = pid ? cpuSeconds(pid) : undefined;
  if (appUrl) row.loopDelayMax = await loopDelayMaxMs(appUrl);
  const answered = row.rps * duration;
  if (before && after && answered > 0)
    row.cpu = {
      app: ((after.app - before.app) * 1000) / answered,
      postgres: ((after.children - before.children) * 1000) / answered,
    };
  return row;
}

/** `rate` requests a second, evenly spaced (steady-load.ts): what "at 500 req/s" means here. */
async function steady(name: string, url: string, cookie?: string): Promise<TRow> {
  const result = await steadyLoad({ url, rate, duration, headers: cookie ? { cookie } : {} });
  if (result.errors) say(`${name}: errors ${JSON.stringify(result.errorKinds)}`);
  return {
    name,
    p50: percentile(result.latencies, 0.5),
    p99: percentile(result.latencies, 0.99),
    rps: result.rps,
    errors: result.errors,
    sendLag: result.sendLag.p99,
  };
}

/**
 * autocannon: at a rate (`-R`), each connection sends its share of a second back to back at the
 * start of the second, all together (a burst as deep as the connections); without one, as fast as
 * the answers come back (saturation).
 */
async function autocannonLoad(
  name: string,
  url: string,
  options: { cookie?: string; rate?: number; connections: number },
): Promise<TRow> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration,
    overallRate: options.rate,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const round = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms.toFixed(1));

function printTable(title: string, rows: TRow[]) {
  const baseline = rows[0] as TRow;
  const lagged = rows.some((row) => row.sendLag !== undefined);
  const header = ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'p50 ×base', 'p99 ×base'];
  header.push('app CPU ms/req', 'postgres CPU ms/req', 'loop delay max ms');
  if (lagged) header.push('send lag p99 ms');
  const lines = rows.map((row) => {
    const cells = [
      row.name,
      round(row.p50),
      round(row.p99),
      row.rps.toFixed(0),
      String(row.errors),
      (row.p50 / Math.max(baseline.p50, 0.1)).toFixed(1),
      (row.p99 / Math.max(baseline.p99, 0.1)).toFixed(1),
    ];
    cells.push(
      row.cpu ? row.cpu.app.toFixed(2) : '-',
      row.cpu ? row.cpu.postgres.toFixed(2) : '-',
      row.loopDelayMax === undefined ? '-' : round(row.loopDelayMax),
    );
    if (lagged) cells.push(round(row.sendLag ?? 0));
    return cells;
  });
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  say(title);
  say(format(header));
  say(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) say(format(line));
  say();
}

const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-'));
// Embedded PostgreSQL runs as its own user, which must reach the folder.
chmodSync(dataDir, 0o755);
let app: ChildProcess | undefined;
let appUrl: string | undefined;
let bare: ChildProcess | undefined;
const load = () => (loadavg()[0] ?? 0).toFixed(1);
try {
  const port = Number(process.env.BENCH_PORT ?? 0) || (await findFreePort());
  const loadAtStart = load();
  say(
    `Starting the app as pnpm start runs it (${startCommand().join(' ')}) on port ${port} (data in ${dataDir})…`,
  );
  const started = await startApp(port, dataDir);
  app = started.child;
  appUrl = started.url;
  const { cookie } = await signUpVerifiedUser(started.url);
  const runId = await seedLibrary(started.url, cookie);
  const databaseUrl = process.env.DATABASE_URL || (await readEmbeddedPostgresUrl(join(dataDir, 'postgres')));
  if (libraryRows > 0) {
    const session = (await (
      await fetch(`${started.url}/api/auth/get-session`, { headers: { cookie, origin: started.url } })
    ).json()) as { user: { id: string } };
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const seconds = await seedExtractions(sql, {
        totalRows: libraryRows,
        heavyRows: libraryRows,
        heavyUser: session.user.id,
        perUser: 1000,
      });
      say(
        `Loaded ${libraryRows.toLocaleString('en-US')} saved records into the user's library in ${seconds.toFixed(1)} s.`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  say(`Signed in a new user and extracted 25 sample accounts. ${duration} s per endpoint and load.`);
  say();

  const endpoint = (path: string) => `${started.url}${path}`;
  // Warm-up: JIT, pools and caches, so the first measured endpoint is not penalised.
  await autocannon({
    url: endpoint('/api/account/profile'),
    connections: 10,
    duration: 2,
    headers: { cookie },
  });
  // The signed-in reads whose handler asks PostgreSQL once (one prepared statement; the session check is
  // the account service's cache): the ones held to ONE_QUERY_TARGET. The database list asks twice (its
  // page and its count, side by side), and so do the stats (their count, and billing's credits used
  // over the bus).
  const ASKS_ONCE = new Set([
    'GET /api/billing/credits',
    'GET /api/account/profile',
    'GET /api/extractor/runs',
    'GET /api/extractor/runs/:runId',
  ]);
  const allEndpoints: Array<[string, string, string | undefined]> = [
    ['GET /api/marketing/plans (no session)', '/api/marketing/plans', undefined],
    ['GET /api/billing/credits', '/api/billing/credits', cookie],
    ['GET /api/database/stats', '/api/database/stats', cookie],
    ['GET /api/account/profile', '/api/account/profile', cookie],
    ['GET /api/database/extractions', '/api/database/extractions', cookie],
    [
      // bench:database's "e-mail + followers + category + bio" mix, over the loaded library.
      'GET /api/database/extractions (filters)',
      '/api/database/extractions?email=with&followersMin=10000&category=Category%205&bio=travel',
      cookie,
    ],
    ['GET /api/extractor/runs', '/api/extractor/runs', cookie],
    ['GET /api/extractor/runs/:runId', `/api/extractor/runs/${runId}`, cookie],
  ];
  const only = args.only?.split(',');
  const endpoints = allEndpoints.filter(([name]) => !only || only.some((text) => name.includes(text)));
  const steadyRows: TRow[] = [];
  if (loads.has('steady'))
    for (const [name, path, session] of endpoints)
      steadyRows.push(await withCpu(() => steady(name, endpoint(path), session)));
  const burstRows: TRow[] = [];
  if (loads.has('burst'))
    for (const [name, path, session] of endpoints)
      burstRows.push(
        await withCpu(() => autocannonLoad(name, endpoint(path), { rate, connections, cookie: session })),
      );
  const saturationRows: TRow[] = [];
  let bareRps = 0;
  let bareQueryRps = 0;
  if (loads.has('saturation')) {
    for (const [name, command, env] of [
      ['bare Node http server (same run)', BARE_SERVER, {}],
      [
        'bare server + one prepared query (same PostgreSQL)',
        BARE_QUERY_SERVER,
        { DATABASE_URL: databaseUrl },
      ],
    ] as const) {
      const bareServer = await startBareServer([...command], env);
      bare = bareServer.child;
      const row = await autocannonLoad(name, bareServer.url, { connections: saturationConnections });
      if (command === BARE_SERVER) bareRps = row.rps;
      else bareQueryRps = row.rps;
      bare.kill();
      saturationRows.push(row);
    }
    for (const [name, path, session] of endpoints)
      saturationRows.push(
        await withCpu(() =>
          autocannonLoad(name, endpoint(path), { connections: saturationConnections, cookie: session }),
        ),
      );
  }
  if (loads.has('steady'))
    printTable(
      `Steady ${rate} req/s (one request every ${(1000 / rate).toFixed(1)} ms; latency from each request's scheduled time):`,
      steadyRows,
    );
  if (loads.has('burst'))
    printTable(
      `${connections}-connection burst (autocannon -R ${rate} -c ${connections}: ${connections} requests at once, ${(rate / connections).toFixed(0)} times at the start of each second):`,
      burstRows,
    );
  if (loads.has('saturation')) {
    printTable(`Saturation (autocannon -c ${saturationConnections}, no rate):`, saturationRows);
    say('Saturated throughput as a share of the bare Node server measured in the same run:');
    for (const row of saturationRows.slice(1))
      say(`  ${row.name}: ${(row.rps / Math.max(bareRps, 1)).toFixed(2)} ×`);
    say();
    say(
      `Target: each signed-in read that asks PostgreSQL once ≥ ${ONE_QUERY_TARGET} × the bare server asking the same PostgreSQL one prepared query (${bareQueryRps.toFixed(0)} req/s, same run):`,
    );
    for (const row of saturationRows.filter((row) => ASKS_ONCE.has(row.name))) {
      const ratio = row.rps / Math.max(bareQueryRps, 1);
      if (ratio < ONE_QUERY_TARGET) process.exitCode = 1;
      say(`  ${row.name}: ${ratio.toFixed(2)} × — ${ratio >= ONE_QUERY_TARGET ? 'met' : 'missed'}`);
    }
    say();
  }
  say(`Load average (1 min) at the start → the end: ${loadAtStart} → ${load()}`);
} finally {
  bare?.kill();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
