/**
 * The API half of `pnpm dev`: every service in one process without the built frontends (Vite serves
 * those). Runs under a file watcher, so it restarts on every change to a service or package.
 */
import { createLogger, onShutdown, PortInUseError } from '@prospector/service-kit';
import { startEmbedded } from '../composition/start-embedded.ts';
import { embeddedOptionsFromEnv, loadEmbeddedEnv } from '../env.ts';

const env = loadEmbeddedEnv();
const logger = createLogger({ service: 'dev-api' }, env.LOG_LEVEL);
const start = () => startEmbedded({ ...embeddedOptionsFromEnv(env, logger), host: '127.0.0.1', web: false });

/** After a file change the watcher starts this process while the previous one may still hold the port. */
async function startWhenPortFrees(deadline = Date.now() + 15_000) {
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PortInUseError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

try {
  const server = await startWhenPortFrees();
  onShutdown(logger, [() => server.stop()]);
  logger.info('API ready', { url: server.url });
} catch (error) {
  process.stderr.write(
    `The API could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
