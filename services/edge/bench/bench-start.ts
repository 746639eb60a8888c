/**
 * `pnpm bench:start [--runs 5] [--clone-runs 1] [--no-clone] [--former]`: how long `pnpm start` takes
 * to answer its first `200` on `/`, as a user runs it (the root `start` script, through pnpm).
 *
 * - Restart: the app started and stopped once on a fresh data folder (so nothing is left to build or
 *   initialise), then started `--runs` times, each timed from the spawn to the first `200`.
 * - Fresh clone: `git clone` of this checkout's HEAD into a temporary folder,
 *   `pnpm install --frozen-lockfile` (timed apart, offline when the store has everything), then
 *   `pnpm start` timed to the first `200`; the clone is removed afterwards.
 *
 * After the first page, the first `200` of the API (`/api/marketing/plans`) is timed too: the pages are
 * served while the services finish starting, and the API answers once they have.
 * Beside each figure: the load average when the run began and, as the same-run baseline, a bare Node
 * `http` server's spawn to first `200` (the floor any Node server has on this machine at this load).
 * `--former` also times the former start (`node --import tsx services/edge/src/embedded.ts`), restarts and
 * a fresh clone of its own after each of the compiled start's, at the same load.
 * The port is BENCH_START_PORT (or a free one), so the bench can run beside other work.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort } from '@prospector/db';
import { REPO_ROOT } from '../src/paths.ts';
import { BARE_SERVER } from './bare-server.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'clone-runs': { type: 'string', default: '1' },
    'no-clone': { type: 'boolean', default: false },
    former: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const cloneRuns = args['no-clone'] ? 0 : Number(args['clone-runs']);
const say = (line = '') => process.stdout.write(`${line}\n`);
const FIRST_200_TIMEOUT_MS = 300_000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** A data folder embedded PostgreSQL (the postgres user, when run as root) can enter. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

type TTimedStart = { ms: number; apiMs?: number; readyIn?: number; load: string; output: string };
/** The API read timed after the first page: the plans the landing page asks for. */
const FIRST_API_READ = '/api/marketing/plans';

/**
 * Spawns `command` in its own process group, times it to the first `200` on `/` of `port`, then
 * stops it with Ctrl-C (SIGINT to the group) and waits until it has exited.
 */
async function timeStart(
  command: string[],
  options: { cwd: string; port: number; env?: Record<string, string>; api?: string },
): Promise<TTimedStart> {
  const atStart = load();
  const startedAt = performance.now();
  const [file = '', ...rest] = command;
  const child: ChildProcess = spawn(file, rest, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      NATS_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  // Polls `path` until it answers 200; the start that never does is killed and reported.
  const untilOk = async (path: string) => {
    while (!(await answers200(`http://127.0.0.1:${options.port}${path}`))) {
      if (exitedEarly) throw new Error(`${command.join(' ')} exited before ${path} answered:\n${output}`);
      if (performance.now() - startedAt > FIRST_200_TIMEOUT_MS) {
        process.kill(-(child.pid as number), 'SIGKILL');
        throw new Error(`${command.join(' ')} did not answer 200 on ${path} in time:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return performance.now() - startedAt;
  };
  const ms = await untilOk('/');
  // The page is served while the services finish starting; the API's first answer is timed apart.
  const apiMs = options.api ? await untilOk(options.api) : undefined;
  process.kill(-(child.pid as number), 'SIGINT');
  await exited;
  const readyIn = output.match(/ready in (\d+) ms/)?.[1];
  return { ms, apiMs, readyIn: readyIn ? Number(readyIn) : undefined, load: atStart, output };
}

async function restartSeries(label: string, command: string[], port: number, dataDir: string) {
  const timings: TTimedStart[] = [];
  const baselines: number[] = [];
  say(`${label}, restart with nothing to build or initialise (${runs} runs):`);
  for (let run = 1; run <= runs; run += 1) {
    const timed = await timeStart(command, {
      cwd: REPO_ROOT,
      port,
      env: { DATA_DIR: dataDir },
      api: FIRST_API_READ,
    });
    if (/Compiling|Building/.test(timed.output))
      say(`  (run ${run} built something: ${timed.output.trim()})`);
    const bare = await timeStart(BARE_SERVER, { cwd: REPO_ROOT, port });
    timings.push(timed);
    baselines.push(bare.ms);
    say(
      `  run ${run}: first 200 after ${Math.round(timed.ms)} ms, ${FIRST_API_READ} after ${Math.round(timed.apiMs ?? Number.NaN)} ms ` +
        `(app "ready in" ${timed.readyIn ?? '?'} ms); ` +
        `bare node http server ${Math.round(bare.ms)} ms; load average ${timed.load}`,
    );
  }
  const restart = median(timings.map((timing) => timing.ms));
  const bare = median(baselines);
  say(
    `  median ${Math.round(restart)} ms (${Math.round(Math.min(...timings.map((t) => t.ms)))}–` +
      `${Math.round(Math.max(...timings.map((t) => t.ms)))} ms), ${FIRST_API_READ} median ` +
      `${Math.round(median(timings.map((t) => t.apiMs ?? Number.NaN)))} ms; bare node http server median ` +
      `${Math.round(bare)} ms; ratio ${(restart / bare).toFixed(1)}×`,
  );
  say();
}

async function freshClone(port: number, run: number, former: boolean) {
  const parent = tempDir('prospector-clone-');
  const dir = join(parent, 'prospector');
  try {
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' });
    const clone = spawnSync('git', ['clone', '--quiet', REPO_ROOT, dir], { encoding: 'utf8' });
    if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const installLoad = load();
    const installStarted = performance.now();
    let install = spawnSync('pnpm', ['install', '--frozen-lockfile', '--offline'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (install.status !== 0) {
      install = spawnSync('pnpm', ['install', '--frozen-lockfile'], { cwd: dir, encoding: 'utf8' });
    }
    if (install.status !== 0) throw new Error(`pnpm install failed:\n${install.stdout}${install.stderr}`);
    const installMs = performance.now() - installStarted;
    const command = former
      ? [process.execPath, '--import', 'tsx', 'services/edge/src/embedded.ts']
      : ['pnpm', 'start'];
    const timed = await timeStart(command, { cwd: dir, port, api: FIRST_API_READ });
    const built = timed.output
      .split('\n')
      .filter((line) => /Compil|Building/.test(line))
      .map((line) => `    ${line.trim()}`);
    say(
      `fresh clone ${run} (HEAD ${commit.stdout.trim()}): pnpm install ${seconds(installMs)} (load average ` +
        `${installLoad}); ${former ? 'former start (tsx)' : 'pnpm start'}: first 200 after ${seconds(timed.ms)}, ` +
        `${FIRST_API_READ} after ${seconds(timed.apiMs ?? Number.NaN)} (app "ready in" ` +
        `${timed.readyIn ?? '?'} ms); load average ${timed.load}`,
    );
    for (const line of built) say(line);
    const bare = await timeStart(BARE_SERVER, { cwd: dir, port });
    say(`    bare node http server ${Math.round(bare.ms)} ms; ratio ${(timed.ms / bare.ms).toFixed(1)}×`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

const port = Number(process.env.BENCH_START_PORT) || (await findFreePort());
say(
  `pnpm start on ${availableParallelism()} cores, Node ${process.version}, port ${port}; ` +
    `load average (1, 5, 15 min) at the bench's start: ${load()}`,
);
say();
const dataDir = tempDir('prospector-bench-start-');
try {
  // Builds whatever is stale (frontends, server) and initialises the data folder: not timed.
  // Waits for the API too: stopped before then, the new data folder could be left half initialised.
  const first = await timeStart(['pnpm', 'start'], {
    cwd: REPO_ROOT,
    port,
    env: { DATA_DIR: dataDir },
    api: FIRST_API_READ,
  });
  say(
    `first start on a new data folder (builds what is stale, initialises PostgreSQL): ${seconds(first.ms)}, ` +
      `${FIRST_API_READ} after ${seconds(first.apiMs ?? Number.NaN)}`,
  );
  say();
  await restartSeries('pnpm start', ['pnpm', 'start'], port, dataDir);
  if (args.former) {
    await restartSeries(
      'former start (tsx)',
      [process.execPath, '--import', 'tsx', 'services/edge/src/embedded.ts'],
      port,
      dataDir,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
for (let run = 1; run <= cloneRuns; run += 1) {
  await freshClone(port, run, false);
  if (args.former) await freshClone(port, run, true);
}
