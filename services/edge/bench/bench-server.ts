/**
 * The embedded app for `pnpm bench:api`: every service in one process, as `pnpm start` runs them,
 * without the frontends (the benchmark measures the API). Prints `BENCH_READY <url>` when serving.
 */
import { createLogger, onShutdown } from '@prospector/service-kit';
import { embeddedOptionsFromEnv, loadEmbeddedEnv } from '../src/env.ts';
import { startEmbedded } from '../src/start-embedded.ts';

const env = loadEmbeddedEnv();
const logger = createLogger({ service: 'bench' }, env.LOG_LEVEL);
const server = await startEmbedded({ ...embeddedOptionsFromEnv(env, logger), host: '127.0.0.1', web: false });
onShutdown(logger, [() => server.stop()]);
process.stdout.write(`BENCH_READY ${server.url}\n`);
