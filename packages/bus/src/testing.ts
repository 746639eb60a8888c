import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findFreePort } from './find-free-port.ts';

/**
 * Test helpers for anything that talks to the bus: a private nats-server that a test may stop and
 * start again (to prove "bus down → health 503"), and namespaces that keep parallel tests apart.
 */

export interface TPrivateNatsServer {
  url: string;
  /** Kills the server; streams stay in its store directory. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store directory. */
  start(): Promise<void>;
  /** Stops the server for good and deletes its store directory (done at process exit otherwise). */
  dispose(): Promise<void>;
}

const FALLBACK_DIRECTORIES = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/usr/bin'];
const READY_TIMEOUT_MS = 10_000;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nats-server binary on PATH or in the usual system folders (Debian puts it in /usr/sbin). */
export function findNatsServerBinary(): string | undefined {
  const directories = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...FALLBACK_DIRECTORIES];
  return directories.map((directory) => join(directory, 'nats-server')).find(isExecutable);
}

/**
 * Whether a suite that starts its own nats-server can run. Without the binary it is skipped with a
 * warning on a developer's machine, but fails under CI (`CI` set), where `.ci/run` installs it: a
 * suite silently skipped there would hide what it tests.
 */
export function natsServerForTests(
  suite: string,
  {
    env = process.env,
    find = findNatsServerBinary,
  }: { env?: NodeJS.ProcessEnv; find?: () => string | undefined } = {},
): boolean {
  if (find() !== undefined) return true;
  if (env.CI) {
    throw new Error(
      `${suite} needs the nats-server binary, and CI is set: install it (apt-get install nats-server) instead of skipping.`,
    );
  }
  console.warn(
    `[${suite}] skipped: no nats-server binary on PATH or in /usr/sbin (apt-get install nats-server).`,
  );
  return false;
}

/**
 * NATS_URL, for a suite that runs on the NATS server CI provides: without it the suite is skipped
 * (`describe.skipIf(!url)`), and `suite` is named in a line saying so.
 */
export function natsUrlForTests(suite: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.NATS_URL;
  if (!url) console.info(`${suite}: skipped because NATS_URL is not set (CI sets it).`);
  return url;
}

/** Letters and digits only, so it is valid in stream names and as a subject token. */
export function uniqueNamespace(prefix = 't'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

function waitUntilReady(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('did not report ready in time')), READY_TIMEOUT_MS);
    function cleanUp() {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanUp();
      child.kill('SIGKILL');
      reject(new Error(`nats-server on port ${port} ${error.message}:\n${output}`));
    }
    function onData(chunk: Buffer) {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        cleanUp();
        child.stderr?.resume();
        resolve();
      }
    }
    function onExit(code: number | null) {
      fail(new Error(`exited with code ${code}`));
    }
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Spawns `nats-server -js` on a free local port with its own store directory. */
export async function startPrivateNatsServer(): Promise<TPrivateNatsServer> {
  const binary = findNatsServerBinary();
  if (!binary) {
    throw new Error(
      'No nats-server binary on PATH or in /usr/sbin; install it (apt-get install nats-server) to run these tests',
    );
  }
  const port = await findFreePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'prospector-nats-'));
  let child: ChildProcess | undefined;
  // Neither a crashed test run nor a test that never calls dispose() may leave a server or its
  // store directory behind.
  const cleanUpOnExit = () => {
    child?.kill('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
  };
  process.once('exit', cleanUpOnExit);

  async function start(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const spawned = spawn(binary as string, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = spawned;
    await waitUntilReady(spawned, port);
  }

  async function stop(): Promise<void> {
    if (child) await stopChild(child);
  }

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      process.off('exit', cleanUpOnExit);
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
