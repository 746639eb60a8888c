import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
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

export interface TPrivateNatsCluster {
  /** Every node's client URL, comma-separated: what NATS_URL takes. */
  url: string;
  /** Each node's client URL, in node order. */
  nodeUrls: string[];
  /** SIGKILLs node `index` (0-based), as a crashed machine; its store stays. */
  kill(index: number): Promise<void>;
  /** Starts node `index` again on its ports and store. */
  start(index: number): Promise<void>;
  /** The node (0-based) leading `stream` (its full name), and its replica count. */
  streamLeader(stream: string): Promise<{ node: number; replicas: number }>;
  /** Stops every node and deletes their stores. */
  dispose(): Promise<void>;
}

const CLUSTER_READY_TIMEOUT_MS = 30_000;

/**
 * A JetStream cluster of `size` nats-server processes on loopback (routes between them, a store each),
 * resolved once JetStream answers through it (its meta leader elected), so R3 streams can be made.
 */
export async function startPrivateNatsCluster(size = 3): Promise<TPrivateNatsCluster> {
  const binary = findNatsServerBinary();
  if (!binary) throw new Error('No nats-server binary on PATH or in /usr/sbin (apt-get install nats-server)');
  const nodes = await Promise.all(
    Array.from({ length: size }, async (_, index) => ({
      name: `n${index + 1}`,
      port: await findFreePort(),
      clusterPort: await findFreePort(),
      storeDir: await mkdtemp(join(tmpdir(), `prospector-nats-n${index + 1}-`)),
      child: undefined as ChildProcess | undefined,
    })),
  );
  const routes = nodes.map((node) => `nats://127.0.0.1:${node.clusterPort}`).join(',');
  const clusterName = uniqueNamespace('c');
  const cleanUpOnExit = () => {
    for (const node of nodes) {
      node.child?.kill('SIGKILL');
      rmSync(node.storeDir, { recursive: true, force: true });
    }
  };
  process.once('exit', cleanUpOnExit);

  async function start(index: number): Promise<void> {
    const node = nodes[index];
    if (!node) throw new Error(`No node ${index} in a cluster of ${size}`);
    if (node.child && node.child.exitCode === null && node.child.signalCode === null) return;
    const args = ['-js', '-a', '127.0.0.1', '-p', String(node.port), '-sd', node.storeDir, '-n', node.name];
    args.push('--cluster_name', clusterName, '--cluster', `nats://127.0.0.1:${node.clusterPort}`);
    args.push('--routes', routes);
    const spawned = spawn(binary as string, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    node.child = spawned;
    await waitUntilReady(spawned, node.port);
  }

  async function dispose(): Promise<void> {
    await Promise.all(nodes.map((node) => (node.child ? stopChild(node.child) : undefined)));
    process.off('exit', cleanUpOnExit);
    await Promise.all(nodes.map((node) => rm(node.storeDir, { recursive: true, force: true })));
  }

  const nodeUrls = nodes.map((node) => `nats://127.0.0.1:${node.port}`);
  try {
    await Promise.all(nodes.map((_, index) => start(index)));
    await waitForJetStream(nodeUrls);
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    url: nodeUrls.join(','),
    nodeUrls,
    start,
    async kill(index) {
      const child = nodes[index]?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
    async streamLeader(stream) {
      const nc = await connect({ servers: nodeUrls });
      try {
        const info = await (await jetstreamManager(nc)).streams.info(stream);
        const node = nodes.findIndex((candidate) => candidate.name === info.cluster?.leader);
        if (node < 0) throw new Error(`Stream ${stream} has no leader in this cluster`);
        return { node, replicas: info.config.num_replicas };
      } finally {
        await nc.close();
      }
    },
    dispose,
  };
}

/** Until the cluster's JetStream answers an account-info call (a meta leader is elected). */
async function waitForJetStream(servers: string[]): Promise<void> {
  const nc = await connect({ servers });
  const deadline = Date.now() + CLUSTER_READY_TIMEOUT_MS;
  try {
    for (;;) {
      try {
        await (await jetstreamManager(nc, { timeout: 2_000 })).getAccountInfo();
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error("The NATS cluster's JetStream did not become ready", { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await nc.close();
  }
}
