import { type ChildProcess, spawn } from 'node:child_process';
import { createMemoryBus } from '@prospector/bus';
import { createDatabase } from '@prospector/db';
import { createTestDatabase, type TTestSchema } from '@prospector/db/testing';

export { callEndpointOn, type TEndpointAnswer } from './endpoints/call-endpoint-on.ts';

import { compareRoutesWithEndpoints } from './endpoints/endpoint-coverage.ts';
import { servedEndpointsOf } from './endpoints/openapi-document.ts';
import { createLogger } from './logger.ts';
import { SERVICE_NAMES, startService, type TServiceDefinition, type TServiceName } from './service.ts';

/**
 * For crash tests: services started as child processes (a TypeScript entry run by tsx, or a compiled
 * JavaScript one as the images run them), killed with SIGKILL mid-work and started again, and all
 * killed at the end.
 */
export function createServiceChildren() {
  const running = new Set<ChildProcess>();
  return {
    /**
     * Starts `script` with only PATH and `env` in its environment; its stdout is piped when asked, its
     * stderr piped or passed through to this process's when asked.
     */
    spawn(
      script: string,
      options: {
        cwd: string;
        env: Record<string, string>;
        stdout?: 'pipe' | 'ignore';
        stderr?: 'pipe' | 'ignore' | 'inherit';
      },
    ) {
      const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
      const child = spawn(process.execPath, args, {
        cwd: options.cwd,
        stdio: ['ignore', options.stdout ?? 'ignore', options.stderr ?? 'ignore'],
        env: { PATH: process.env.PATH, ...options.env },
      });
      running.add(child);
      child.once('exit', () => running.delete(child));
      return child;
    },

    /** SIGKILL, resolved once the process is gone. */
    async kill(child: ChildProcess): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },

    /** Kills every child still running (for afterAll). */
    killAll(): void {
      for (const child of running) child.kill('SIGKILL');
    },
  };
}

/**
 * Calls `onReport` with each line of `child`'s piped stdout that holds a JSON object (the reports a
 * child started by a test or bench writes beside anything else), parsed.
 */
export function onJsonReports<TReport>(child: ChildProcess, onReport: (report: TReport) => void): void {
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.startsWith('{"')) onReport(JSON.parse(line) as TReport);
    }
  });
}

/**
 * The schemas `definitions` migrate at start, for `createTestDatabase({ migrated })`: a test's
 * database then comes cloned from a template migrated once per server, and each service's start-up
 * migration finds nothing left to do.
 */
export const migratedSchemasOf = (
  ...definitions: ReadonlyArray<Pick<TServiceDefinition, 'name' | 'migrationsFolder'>>
): TTestSchema[] => definitions.map(({ name, migrationsFolder }) => ({ schemaName: name, migrationsFolder }));

/**
 * Test support: starts `definition` as the composition roots do (on a fresh database and the
 * in-process bus) and compares the routes its app registers with the endpoints it declares. Both lists
 * empty means every served route is documented, and every documented one served.
 */
export async function routesAgainstEndpoints(definition: TServiceDefinition) {
  const api = definition.api;
  if (!api) throw new Error(`The ${definition.name} service declares no endpoints`);
  const testDatabase = await createTestDatabase({ migrated: migratedSchemasOf(definition) });
  const database = createDatabase({ url: testDatabase.url, schemaName: definition.name, max: 2 });
  const bus = createMemoryBus();
  try {
    await bus.ensureStreams();
    const running = await startService(definition, {
      database,
      bus,
      logger: createLogger({ test: 'api-reference' }, 'silent'),
      identity: { verify: async () => null },
    });
    try {
      return compareRoutesWithEndpoints(running.app, servedEndpointsOf(definition.name, api));
    } finally {
      await running.stop();
    }
  } finally {
    await bus.drain();
    await database.close();
    await testDatabase.drop();
  }
}

/** Where each process of a distributed composition answers, the edge included. */
export type TCompositionUrls = Record<TServiceName | 'edge', string>;

/**
 * The environment of one process of a distributed composition: every service on the same database
 * and NATS server, verifying sessions with the account service and linking to the edge, the edge
 * forwarding to each service, all sharing one EDGE_SECRET; `extra` on top.
 */
export function compositionProcessEnv(
  name: TServiceName | 'edge',
  options: {
    urls: TCompositionUrls;
    databaseUrl: string;
    natsUrl: string;
    edgeSecret: string;
    extra?: Record<string, string>;
  },
): Record<string, string> {
  const { urls, edgeSecret, extra = {} } = options;
  const shared = { PORT: new URL(urls[name]).port, EDGE_SECRET: edgeSecret, LOG_LEVEL: 'warn' };
  if (name === 'edge') {
    return {
      ...shared,
      ...Object.fromEntries(
        SERVICE_NAMES.map((service) => [`${service.toUpperCase()}_SERVICE_URL`, urls[service]]),
      ),
      ...extra,
    };
  }
  return {
    ...shared,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    ACCOUNT_SERVICE_URL: urls.account,
    // Links in e-mails and the trusted origin for auth calls: the address clients use.
    PUBLIC_URL: urls.edge,
    ...extra,
  };
}
