/**
 * `pnpm bench:api [--quick] [--rate 500] [--connections 50] [--duration 15]`: API latency of the
 * embedded app, signed in and not. Starts the app in a child process on a fresh data directory (or
 * the PostgreSQL in DATABASE_URL, which the child inherits), signs a user up through the real API
 * (sign-up → the dev mailbox's verification link → session cookie), then loads each endpoint with
 * autocannon at a fixed rate and prints p50/p99/req/s and the ratio to the unauthenticated baseline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/paths.ts';
import { signUpVerifiedUser } from './sign-up-user.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rate: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    'saturation-connections': { type: 'string' },
    /** Writes the app's CPU profile (node --cpu-prof) into this folder, for chrome://inspect or speedscope. */
    'cpu-prof': { type: 'string' },
  },
});
const quick = args.quick;
const rate = Number(args.rate ?? 500);
const connections = Number(args.connections ?? 50);
const duration = Number(args.duration ?? (quick ? 4 : 15));
const saturationConnections = Number(args['saturation-connections'] ?? 20);
const say = (line = '') => process.stdout.write(`${line}\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startApp(port: number, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const server = join(REPO_ROOT, 'services/edge/bench/bench-server.ts');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', server], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/BENCH_READY (\S+)/);
      if (ready?.[1]) resolve({ url: ready[1].replace('localhost', '127.0.0.1'), child });
    });
    child.once('exit', (code) => reject(new Error(`the app exited (code ${code}) before serving`)));
  });
}

interface TRow {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(
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

function printTable(rows: TRow[], baseline: TRow) {
  const header = ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'p50 ×base', 'p99 ×base'];
  const lines = rows.map((row) => [
    row.name,
    String(row.p50),
    String(row.p99),
    row.rps.toFixed(0),
    String(row.errors),
    (row.p50 / Math.max(baseline.p50, 1)).toFixed(1),
    (row.p99 / Math.max(baseline.p99, 1)).toFixed(1),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  say(format(header));
  say(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) say(format(line));
}

const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-'));
// Embedded PostgreSQL runs as its own user, which must reach the folder.
chmodSync(dataDir, 0o755);
let app: ChildProcess | undefined;
try {
  const port = await freePort();
  say(`Starting the embedded app on port ${port} (data in ${dataDir})…`);
  const started = await startApp(port, dataDir);
  app = started.child;
  const { cookie } = await signUpVerifiedUser(started.url);
  say(`Signed in a new user. ${duration} s per endpoint at ${rate} req/s over ${connections} connections.`);
  say();

  const endpoint = (path: string) => `${started.url}${path}`;
  const fixed = { rate, connections };
  // Warm-up: JIT, pools and caches, so the first measured endpoint is not penalised.
  await autocannon({
    url: endpoint('/api/account/profile'),
    connections: 10,
    duration: 2,
    headers: { cookie },
  });
  const baseline = await load(
    'GET /api/marketing/plans (no session)',
    endpoint('/api/marketing/plans'),
    fixed,
  );
  const rows = [
    baseline,
    await load('GET /api/billing/credits', endpoint('/api/billing/credits'), { ...fixed, cookie }),
    await load('GET /api/database/stats', endpoint('/api/database/stats'), { ...fixed, cookie }),
    await load('GET /api/account/profile', endpoint('/api/account/profile'), { ...fixed, cookie }),
    await load(
      `GET /api/account/profile (saturation, -c ${saturationConnections})`,
      endpoint('/api/account/profile'),
      {
        connections: saturationConnections,
        cookie,
      },
    ),
  ];
  printTable(rows, baseline);
} finally {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
