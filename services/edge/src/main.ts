/**
 * Distributed mode's web edge: serves the shell and remotes and forwards `/api/*` to the services,
 * each running in its own process.
 */
import { loadDotEnvFile } from '@prospector/config';
import { createLogger, listen, onShutdown } from '@prospector/service-kit';
import { createEdgeApp } from './composition/edge-app.ts';
import { loadEdgeEnv, remoteEntriesFromEnv } from './env.ts';

loadDotEnvFile();
const env = loadEdgeEnv();
const logger = createLogger({ service: 'edge' }, env.LOG_LEVEL);

const app = createEdgeApp(
  {
    account: env.ACCOUNT_SERVICE_URL,
    marketing: env.MARKETING_SERVICE_URL,
    extractor: env.EXTRACTOR_SERVICE_URL,
    database: env.DATABASE_SERVICE_URL,
    billing: env.BILLING_SERVICE_URL,
  },
  logger,
  {
    web: { remoteEntries: remoteEntriesFromEnv(env) },
    metricsToken: env.METRICS_TOKEN,
    edgeSecret: env.EDGE_SECRET,
    // The reference needs every service's schemas, so they are loaded only when it is asked for.
    apiDocs: env.API_DOCS === 'on' ? (await import('./composition/services.ts')).SERVICES : [],
  },
);
if (!env.EDGE_SECRET) {
  logger.warn(
    'EDGE_SECRET is unset: the services see every client as the edge itself (one rate-limit bucket, all loopback). Set the same EDGE_SECRET on the edge and the account and marketing services.',
  );
}

try {
  const server = await listen(app, env.PORT, env.HOST);
  logger.info('listening', { port: server.port });
  onShutdown(logger, [() => server.close()]);
} catch (error) {
  process.stderr.write(
    `The edge could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
