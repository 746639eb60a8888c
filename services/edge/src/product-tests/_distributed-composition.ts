// Distributed mode for tests: the five services and the web edge, each in a process of its own on a
// PostgreSQL database and a NATS server of the test's, which a test may kill (SIGKILL) and start again.
// Each runs its compiled file, as the images do (compiled first when stale).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findFreePort } from '@prospector/db';
import { SERVICE_NAMES, type TServiceName } from '@prospector/service-kit';
import { compositionProcessEnv, createServiceChildren } from '@prospector/service-kit/testing';
import { REPO_ROOT } from '../paths.ts';
import { buildStaleServer, SERVER_ENTRIES } from '../start/server-build.mjs';
import { answers } from '../testing/_child-process.ts';

export type TProcessName = TServiceName | 'edge';
/** A process of the composition: `extractor` is a service's first replica, `extractor-2` its second. */
export type TReplicaName = TProcessName | `${TServiceName}-${number}`;

const READY_TIMEOUT_MS = 90_000;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on every mainstream kernel). */
const CLOCK_TICKS_PER_SECOND = 100;
/** How much of each process's latest stderr is kept for a failure's report. */
const LOG_TAIL_CHARS = 4_000;

export interface TDistributedComposition {
  /** Where clients reach the app: the edge. */
  readonly url: string;
  /** SIGKILL, resolved once the process is gone. */
  kill(name: TReplicaName): Promise<void>;
  /** Starts it again on the same port and waits until its health check answers 200. */
  start(name: TReplicaName): Promise<void>;
  /**
   * CPU time (user + system, ms) the running process `name` has used so far, from /proc (Linux);
   * undefined when it is not running or /proc cannot be read.
   */
  cpuMs(name: TReplicaName): number | undefined;
  /** Kills every process (for afterAll). */
  stop(): void;
  /** The end of what each process (of every start) wrote to stderr: its log lines at warn and above. */
  logTails(): string;
}

/**
 * Starts the composition and waits until every process is healthy. `env` is added to every
 * service's environment (pacing, timeouts); the ports are picked free on 127.0.0.1. `replicas` runs
 * more processes of a service (on the same database and bus, as docker-compose.scale.yml does); the
 * edge talks to the first, the others take their share of the bus's work.
 */
export async function startDistributedComposition({
  databaseUrl,
  natsUrl,
  env = {},
  replicas = {},
}: {
  databaseUrl: string;
  natsUrl: string;
  env?: Record<string, string>;
  replicas?: Partial<Record<TServiceName, number>>;
}): Promise<TDistributedComposition> {
  const children = createServiceChildren();
  const ports = Object.fromEntries(
    await Promise.all(
      [...SERVICE_NAMES, 'edge' as const].map(async (name) => [name, await findFreePort()] as const),
    ),
  ) as Record<TReplicaName, number>;
  const extraReplicas = Object.entries(replicas).flatMap(([name, count]) =>
    Array.from(
      { length: Math.max(0, (count ?? 1) - 1) },
      (_, index) => `${name}-${index + 2}` as TReplicaName,
    ),
  );
  for (const name of extraReplicas) ports[name] = await findFreePort();
  const serviceUrl = (name: TReplicaName) => `http://127.0.0.1:${ports[name]}`;
  const url = serviceUrl('edge');
  // Signs the client address the edge forwards; the account and marketing services check it.
  const edgeSecret = randomBytes(32).toString('base64url');
  const running = new Map<TReplicaName, ChildProcess>();
  const tails = new Map<TReplicaName, string>();

  const urls = Object.fromEntries(
    [...SERVICE_NAMES, 'edge' as const].map((name) => [name, serviceUrl(name)]),
  ) as Record<TProcessName, string>;
  const serviceOf = (name: TReplicaName) => name.replace(/-\d+$/, '') as TProcessName;
  const envOf = (name: TReplicaName) =>
    compositionProcessEnv(serviceOf(name), {
      urls,
      databaseUrl,
      natsUrl,
      edgeSecret,
      extra: name === 'edge' ? { HOST: '127.0.0.1' } : { ...env, PORT: String(ports[name]) },
    });
  const healthUrl = (name: TReplicaName) => `${serviceUrl(name)}/api/${serviceOf(name)}/health`;

  async function start(name: TReplicaName): Promise<void> {
    const compiled = SERVER_ENTRIES[serviceOf(name)]?.output;
    if (!compiled) throw new Error(`No compiled entry for ${name}.`);
    const child = children.spawn(compiled, { cwd: REPO_ROOT, env: envOf(name), stderr: 'pipe' });
    running.set(name, child);
    child.stderr?.on('data', (chunk) => {
      tails.set(name, `${tails.get(name) ?? ''}${chunk}`.slice(-LOG_TAIL_CHARS));
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while ((await answers(healthUrl(name))) !== 200) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `The ${name} process exited while starting (code ${child.exitCode}):\n${tails.get(name)}`,
        );
      }
      if (Date.now() > deadline) {
        throw new Error(`The ${name} process did not become healthy:\n${tails.get(name)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function kill(name: TReplicaName): Promise<void> {
    const child = running.get(name);
    running.delete(name);
    if (child) await children.kill(child);
  }

  const logTails = () =>
    [...tails].map(([name, tail]) => `--- ${name} (last ${LOG_TAIL_CHARS} characters)\n${tail}`).join('\n');
  const cpuMs = (name: TReplicaName) => {
    const pid = running.get(name)?.pid;
    if (pid === undefined) return undefined;
    try {
      // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return undefined;
    }
  };
  const composition = { url, kill, start, cpuMs, stop: () => children.killAll(), logTails };
  await buildStaleServer([...SERVICE_NAMES, 'edge'], () => {});
  try {
    // The services first (each migrates its own schema), then the edge in front of them.
    await Promise.all(SERVICE_NAMES.map(start));
    // More replicas once the first has migrated the schema.
    await Promise.all(extraReplicas.map(start));
    await start('edge');
  } catch (error) {
    composition.stop();
    throw error;
  }
  return composition;
}
