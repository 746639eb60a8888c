/**
 * `pnpm dev`: hot reload for everything behind one origin. The services run in a watched child
 * process; the shell and every remote run as Vite dev servers, the shell's proxying `/api` to the
 * services and `/remotes/<name>/` to each remote.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envFields, exitOnEnvError, loadDotEnvFile, loadEnv } from '@prospector/config';
import { startEmbeddedPostgres } from '@prospector/db/embedded';
import { createLogger, onShutdown } from '@prospector/service-kit';
import { embeddedEnvShape } from '../env.ts';
import { REPO_ROOT } from '../paths.ts';
import { assertPortFree } from '../start/port-check.ts';

loadDotEnvFile();
const env = exitOnEnvError(() =>
  loadEnv('development server', { ...embeddedEnvShape, DEV_API_PORT: envFields.port(3100) }),
);
const logger = createLogger({ service: 'dev' }, env.LOG_LEVEL);
const say = (line: string) => process.stdout.write(`${line}\n`);

const stops: Array<() => Promise<void>> = [];
try {
  await assertPortFree(env.PORT);
  await assertPortFree(env.DEV_API_PORT, '127.0.0.1');

  // The database outlives API restarts, so it runs here rather than in the watched process.
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres({
      dataDir: resolve(join(env.DATA_DIR, 'postgres')),
      stoppedByCaller: true,
    });
    stops.unshift(() => postgres.stop());
    databaseUrl = postgres.url;
  }

  const api: ChildProcess = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.resolve('tsx/cli')),
      'watch',
      '--clear-screen=false',
      'services/edge/src/dev/dev-api.ts',
    ],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(env.DEV_API_PORT),
        DATABASE_URL: databaseUrl,
        // Browsers reach the API through the Vite server's origin, so that is where e-mail links go.
        PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${env.PORT}`,
      },
    },
  );
  stops.unshift(async () => {
    api.kill('SIGTERM');
    if (api.exitCode === null) await new Promise((done) => api.once('exit', done));
  });

  const { startFrontendDevServers } = await import('shell/dev-server');
  const sigtermBefore = new Set(process.listeners('SIGTERM'));
  const frontends = await startFrontendDevServers({
    port: env.PORT,
    apiTarget: `http://127.0.0.1:${env.DEV_API_PORT}`,
  });
  stops.unshift(() => frontends.close());
  // Vite exits the process on SIGTERM once its own servers are closed, cutting short the API's and
  // the database's shutdown; the handler below closes everything in order instead.
  for (const listener of process.listeners('SIGTERM')) {
    if (!sigtermBefore.has(listener)) process.off('SIGTERM', listener);
  }

  onShutdown(logger, stops);
  say('');
  say(`  Prospector (development) at http://localhost:${env.PORT}  ·  API on port ${env.DEV_API_PORT}`);
  say('  Edit any service, package, shell or remote file and it reloads. Ctrl-C stops everything.');
  say('');
} catch (error) {
  for (const stop of stops) await stop().catch(() => {});
  process.stderr.write(
    `Development mode could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
