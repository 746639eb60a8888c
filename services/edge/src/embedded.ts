/**
 * `pnpm start`: the whole product in one process, with no servers to install. Builds each frontend
 * that is not built or has changed since its build while it runs embedded PostgreSQL (unless
 * DATABASE_URL is set) and the in-process bus (unless NATS_URL is set) and starts the services, then
 * serves everything on one port.
 */
import { loadDotEnvFile } from '@prospector/config';
import { describeError } from '@prospector/db';
import { createLogger, onShutdown } from '@prospector/service-kit';
import {
  assertDatabaseReachable,
  startEmbedded,
  type TEmbeddedServer,
} from './composition/start-embedded.ts';
import { embeddedOptionsFromEnv, loadEmbeddedEnv, remoteEntriesFromEnv } from './env.ts';
import { buildStaleFrontends } from './start/build-frontends.ts';
import { assertPortFree } from './start/port-check.ts';

loadDotEnvFile();
const env = loadEmbeddedEnv();
const logger = createLogger({ service: 'embedded' }, env.LOG_LEVEL);
const say = (line: string) => process.stdout.write(`${line}\n`);

// Set before anything starts: Ctrl-C while the web app builds (the database may be up by then) stops
// the build, lets the start undo what it began, and exits.
const stopBuild = new AbortController();
let starting: Promise<TEmbeddedServer> | undefined;
let shuttingDown = false;
onShutdown(logger, [
  async () => {
    shuttingDown = true;
    stopBuild.abort();
    const server = await starting?.catch(() => undefined);
    await server?.stop();
  },
]);

try {
  const startedAt = Date.now();
  await assertPortFree(env.PORT, env.HOST);
  if (env.DATABASE_URL) await assertDatabaseReachable(env.DATABASE_URL, logger);
  // The embedded database initialises (or starts) and the services apply their migrations while
  // the frontends build: that work mostly waits on the disk, the build on the CPU.
  const build = buildStaleFrontends(say, undefined, stopBuild.signal);
  build.all.catch(() => {}); // reported through startEmbedded, which waits for it
  starting = startEmbedded({
    ...embeddedOptionsFromEnv(env, logger),
    web: { remoteEntries: remoteEntriesFromEnv(env) },
    webReady: build.firstPage,
    webLater: { built: build.all, remotes: build.later },
  });
  const server = await starting.catch((error: unknown) => {
    stopBuild.abort();
    throw error;
  });
  say('');
  say(`  Prospector is running at ${server.url}  (ready in ${Date.now() - startedAt} ms)`);
  say(
    `  database: ${server.databaseSource === 'embedded' ? `embedded PostgreSQL in ${env.DATA_DIR}/postgres` : 'DATABASE_URL'}` +
      `  ·  events: ${server.busKind === 'nats' ? 'NATS' : 'in-process'}`,
  );
  if (server.devMailboxUrl)
    say(`  mail: no SMTP_URL, so e-mails land in the dev mailbox at ${server.devMailboxUrl}`);
  say('  Press Ctrl-C to stop.');
  say('');
} catch (error) {
  // Stopped on purpose: the shutdown handler exits once the start has been undone.
  if (!shuttingDown) {
    process.stderr.write(`Prospector could not start: ${describeError(error)}\n`);
    process.exit(1);
  }
}
