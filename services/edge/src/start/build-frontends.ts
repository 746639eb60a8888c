import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { COMPRESSION_EFFORT_ENV } from '@prospector/config/precompress';
import { LANDING_PRERENDER_FILE, REMOTE_NAMES } from '@prospector/contracts';
import { inheritedEnv } from '../env.ts';
import { REPO_ROOT } from '../paths.ts';

/** Written into a frontend's `dist/` when `pnpm start` builds it: when that build began. */
export const BUILD_STAMP = '.build-stamp.json';

/** What every frontend bundles besides its own folder: the workspace packages it imports, and the lockfile. */
export const SHARED_FRONTEND_SOURCES = [
  'packages/ui/src',
  'packages/ui/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/web-data/src',
  'packages/web-data/package.json',
  'packages/web-features/src',
  'packages/web-features/package.json',
  'packages/config/src/frontend',
  'packages/config/package.json',
  'pnpm-lock.yaml',
];
const OWN_SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'module-federation.config.ts',
  'package.json',
];

export const FRONTENDS = ['shell', ...REMOTE_NAMES.map((name) => `mfe-${name}`)];
const entryFile = (frontend: string) => (frontend === 'shell' ? 'index.html' : 'remoteEntry.js');

/**
 * What a frontend's build writes besides its entry: the marketing remote's build ends by
 * prerendering the landing's first screen, which the edge puts in the HTML for `/`.
 */
export const EXTRA_BUILD_OUTPUTS: Partial<Record<string, string[]>> = {
  'mfe-marketing': [LANDING_PRERENDER_FILE],
};

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of a file, or of any file under a folder. */
function newestChange(path: string): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/**
 * When the frontend's current build began: the stamp `pnpm start` wrote, or else the time its entry
 * file was written (a build made with `pnpm build`); undefined when there is no build, or one that
 * lacks an output (a build that stopped part way).
 */
function builtAt(dist: string, frontend: string): number | undefined {
  const entryWritten = mtimeOf(join(dist, entryFile(frontend)));
  if (entryWritten === undefined) return undefined;
  if ((EXTRA_BUILD_OUTPUTS[frontend] ?? []).some((output) => mtimeOf(join(dist, output)) === undefined)) {
    return undefined;
  }
  try {
    const stamp = JSON.parse(readFileSync(join(dist, BUILD_STAMP), 'utf8')) as { startedAt?: unknown };
    if (typeof stamp.startedAt === 'number') return stamp.startedAt;
  } catch {
    // No stamp: the build's own files tell when it was made.
  }
  return entryWritten;
}

/**
 * Folders outside its own that a frontend's stylesheet scans for classes (its `@source` lines): the
 * shell generates the remotes' Tailwind classes, so a class new in a remote needs the shell rebuilt.
 */
function stylesheetSources(root: string, frontend: string): string[] {
  const sheet = join(root, frontend, 'src', 'styles.css');
  let text: string;
  try {
    text = readFileSync(sheet, 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/^@source\s+"([^"]+)";/gm)].map(([, path]) => resolve(dirname(sheet), path ?? ''));
}

/** Package names of the frontends with no build, or whose sources changed since it (e.g. after `git pull`). */
export function staleFrontends(root = REPO_ROOT): string[] {
  const shared = Math.max(...SHARED_FRONTEND_SOURCES.map((path) => newestChange(join(root, path))));
  return FRONTENDS.filter((frontend) => {
    const built = builtAt(join(root, frontend, 'dist'), frontend);
    if (built === undefined) return true;
    const own = Math.max(
      ...OWN_SOURCES.map((path) => newestChange(join(root, frontend, path))),
      ...stylesheetSources(root, frontend).map(newestChange),
    );
    return Math.max(own, shared) > built;
  });
}

/**
 * `pnpm` arguments building `stale` side by side, one more at a time than there are cores. A build
 * keeps about one core busy (Vite's plugins run on one thread), so with one per core the last of
 * five on two cores runs alone beside an idle core; one more keeps every core busy to the end.
 * `--no-sort`: the frontends do not depend on one another for their builds (the shell's dependency
 * on the remotes is for its dev server and tests), and pnpm's topological order would hold the
 * shell, the largest, back until every remote is built.
 */
export function frontendBuildArgs(stale: string[], cores = availableParallelism()): string[] {
  const concurrency = Math.max(1, Math.min(cores + 1, stale.length));
  return [
    ...stale.flatMap((name) => ['--filter', name]),
    '--no-sort',
    `--workspace-concurrency=${concurrency}`,
    'build',
  ];
}

/** What the first page needs: the shell, and the remote that renders the landing. */
export const FIRST_PAGE_FRONTENDS = ['shell', 'mfe-marketing'];

/** The scheduling priority (nice value) of the remotes that build beside the first page's frontends. */
const LATER_PRIORITY = 10;

export interface TFrontendBuild {
  /** Every stale frontend the first page needs is built (at once when none was stale). */
  firstPage: Promise<void>;
  /** Every stale frontend is built. */
  all: Promise<void>;
  /** The remotes (by name) still building when `firstPage` settles. */
  later: string[];
}

/**
 * Builds only what is missing or out of date, so a start with nothing changed begins serving at once.
 * The first page's frontends build first; the other remotes build beside them at a lower priority, on
 * the cores those leave, so a fresh clone shows its landing page before the whole app is built.
 * Aborting `signal` stops the build (when the rest of the start has failed meanwhile).
 */
export function buildStaleFrontends(
  log: (line: string) => void,
  root = REPO_ROOT,
  signal?: AbortSignal,
): TFrontendBuild {
  const stale = staleFrontends(root);
  if (stale.length > 0) log(`Building ${stale.join(', ')} (not built yet, or changed since the last build)…`);
  const first = stale.filter((frontend) => FIRST_PAGE_FRONTENDS.includes(frontend));
  const rest = stale.filter((frontend) => !FIRST_PAGE_FRONTENDS.includes(frontend));
  const firstPage = runBuild(first, root, signal);
  const restBuilt = runBuild(rest, root, signal, first.length > 0 ? LATER_PRIORITY : undefined);
  const all = Promise.all([firstPage, restBuilt]).then(() => undefined);
  return { firstPage, all, later: rest.map((frontend) => frontend.replace(/^mfe-/, '')) };
}

async function runBuild(stale: string[], root: string, signal?: AbortSignal, priority?: number) {
  if (stale.length === 0) return;
  const startedAt = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', frontendBuildArgs(stale), {
      cwd: root,
      env: inheritedEnv({ [COMPRESSION_EFFORT_ENV]: 'fast' }),
      stdio: ['ignore', 'inherit', 'inherit'],
      signal,
    });
    // Set before pnpm starts its builds, which inherit it.
    if (priority !== undefined && child.pid !== undefined) lowerPriority(child.pid, priority);
    child.once('error', (error) =>
      reject(
        signal?.aborted
          ? new Error('Building the web app was stopped.')
          : new Error(`Could not run pnpm to build the web app: ${error.message}`),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the web app failed (exit code ${code}).`)),
    );
  });
  // The start time, not the end: a file saved while the build ran is newer, so it is built next time.
  for (const frontend of stale) {
    writeFileSync(join(root, frontend, 'dist', BUILD_STAMP), `${JSON.stringify({ startedAt })}\n`);
  }
}

function lowerPriority(pid: number, priority: number) {
  try {
    setPriority(pid, priority);
  } catch {
    // Not allowed here: the builds share the cores evenly, as before.
  }
}
