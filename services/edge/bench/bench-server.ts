/**
 * The embedded app for `pnpm bench:api`: every service in one process, as `pnpm start` runs them,
 * without the frontends (the benchmark measures the API). Prints `BENCH_READY <url>` when serving.
 */
import { createLogger, onShutdown } from '@prospector/service-kit';
import { loadEmbeddedEnv } from '../src/env.ts';
import { startEmbedded } from '../src/start-embedded.ts';

const env = loadEmbeddedEnv();
const logger = createLogger({ service: 'bench' }, env.LOG_LEVEL);
const server = await startEmbedded({
  port: env.PORT,
  host: '127.0.0.1',
  databaseUrl: env.DATABASE_URL,
  natsUrl: env.NATS_URL,
  dataDir: env.DATA_DIR,
  logger,
  web: false,
  account: env.account,
  billing: env.billing,
  marketing: env.marketing,
  metricsToken: env.METRICS_TOKEN,
});
onShutdown(logger, [() => server.stop()]);
process.stdout.write(`BENCH_READY ${server.url}\n`);
