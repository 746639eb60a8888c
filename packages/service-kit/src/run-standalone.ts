import { createCachedSessionVerifier, createHttpSessionVerifier } from '@prospector/auth-client';
import { createNatsBus } from '@prospector/bus';
import { createDatabase } from '@prospector/db';
import { listen } from './http-server.ts';
import { createLogger, type TLogLevel } from './logger.ts';
import { createRootApp } from './metrics/metrics-route.ts';
import { startService, type TServiceDefinition } from './service.ts';
import { onShutdown } from './shutdown.ts';
import { trustedOriginsFromEnv } from './standalone-env.ts';

export interface TStandaloneEnv {
  PORT: number;
  DATABASE_URL: string;
  NATS_URL: string;
  LOG_LEVEL: TLogLevel;
  /** The account service, for every other service's session checks. */
  ACCOUNT_SERVICE_URL?: string;
  /** Who may read `/metrics`: a bearer token; unset, only clients on this machine. */
  METRICS_TOKEN?: string;
  PUBLIC_URL?: string;
  TRUSTED_ORIGINS?: string;
  OPTOUT_KEY?: string;
}

/** Distributed mode: one service in its own process, on PostgreSQL and NATS. */
export async function runStandalone(definition: TServiceDefinition, env: TStandaloneEnv): Promise<void> {
  const logger = createLogger({ service: definition.name }, env.LOG_LEVEL);
  try {
    const database = await createDatabase({ url: env.DATABASE_URL, schemaName: definition.name, logger });
    const bus = await createNatsBus({ url: env.NATS_URL, name: definition.name, logger });
    await bus.ensureStreams();
    // Sessions are verified by the account service over HTTP, cached briefly and dropped at once on
    // its sessions-ended events; the account service checks its own sessions directly.
    const identity =
      definition.name !== 'account' && env.ACCOUNT_SERVICE_URL
        ? await createCachedSessionVerifier({
            source: createHttpSessionVerifier(env.ACCOUNT_SERVICE_URL),
            events: bus,
          })
        : undefined;
    const running = await startService(definition, {
      database,
      bus,
      logger,
      identity,
      trustedOrigins: trustedOriginsFromEnv(env),
      optOutKey: env.OPTOUT_KEY,
    });
    const app = createRootApp({ service: definition.name, metricsToken: env.METRICS_TOKEN });
    app.route('/', running.app);
    const server = await listen(app, env.PORT);
    logger.info('listening', { port: server.port });
    onShutdown(logger, [
      () => server.close(),
      () => running.stop(),
      async () => identity?.stop(),
      () => bus.drain(),
      () => database.close(),
    ]);
  } catch (error) {
    logger.error('failed to start', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}
