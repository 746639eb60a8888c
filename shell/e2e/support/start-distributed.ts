/**
 * The distributed composition for the end-to-end journeys: each service in its own process against
 * a fresh database (named by E2E_DISTRIBUTED_DATABASE) on the PostgreSQL server at DATABASE_URL and
 * the NATS server at NATS_URL, plus the web edge in front. Each runs its compiled file, as the images
 * do (compiled first, once for all, when stale). Stops them all when it is stopped.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createTestDatabase } from '@prospector/db/testing';
import { SERVICE_NAMES } from '@prospector/service-kit';
import { compositionProcessEnv, type TCompositionUrls } from '@prospector/service-kit/testing';
import { DISTRIBUTED_PORTS, E2E_AUTH_RATE_LIMIT_MAX, E2E_RUN_PACING, E2E_WEBHOOKS } from './ports.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const natsUrl = process.env.NATS_URL;
const databaseName = process.env.E2E_DISTRIBUTED_DATABASE;
if (!natsUrl || !process.env.DATABASE_URL || !databaseName) {
  process.stderr.write('start-distributed needs DATABASE_URL, NATS_URL and E2E_DISTRIBUTED_DATABASE\n');
  process.exit(1);
}

const compiled = spawnSync(process.execPath, ['services/edge/src/start/server-build.mjs'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (compiled.status !== 0) process.exit(1);

const database = await createTestDatabase({ name: databaseName });
// Signs the client address the edge forwards; the account and marketing services check it.
const edgeSecret = randomBytes(32).toString('base64url');
const children: ChildProcess[] = [];
const run = (name: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, ['services/edge/src/start/start-compiled.mjs', name], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} exited early (code ${code}, signal ${signal})\n`);
      void stop(1);
    }
  });
  children.push(child);
};

let stopping = false;
async function stop(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((done) => child.once('exit', done))
        : Promise.resolve(),
    ),
  );
  await database.drop().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

const urls = Object.fromEntries(
  Object.entries(DISTRIBUTED_PORTS).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
) as TCompositionUrls;
const envOf = (name: keyof TCompositionUrls, extra: Record<string, string>) =>
  compositionProcessEnv(name, { urls, databaseUrl: database.url, natsUrl, edgeSecret, extra });

for (const name of SERVICE_NAMES) {
  run(
    name,
    envOf(name, {
      // Every test user signs up from 127.0.0.1; the default 5 per minute would throttle the suite.
      AUTH_RATE_LIMIT_MAX: String(E2E_AUTH_RATE_LIMIT_MAX),
      ...E2E_RUN_PACING,
      ...E2E_WEBHOOKS,
    }),
  );
}
// The API reference is off by default at a distributed edge; on here, so the merged reference is
// checked in this mode too.
run('edge', envOf('edge', { API_DOCS: 'on' }));
