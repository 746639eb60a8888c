import { createCachedSessionVerifier, createHttpSessionVerifier } from '@prospector/auth-client';
import { createNatsBus } from '@prospector/bus';
import { createDatabase } from '@prospector/db';
import type { z } from 'zod';
import { listen } from './http-server.ts';
import { createLogger } from './logger.ts';
import { createRootApp } from './metrics/metrics-route.ts';
import { startService, type TServiceDefinition } from './service.ts';
import { onShutdown } from './shutdown.ts';
import { type standaloneEnvShape, trustedOriginsFromEnv } from './standalone-env.ts';

/** `standaloneEnvShape`'s variables; the account service, which checks its own sessions, has no ACCOUNT_SERVICE_URL. */
export type TStandaloneEnv = Omit<
  z.output<z.ZodObject<ReturnType<typeof standaloneEnvShape>>>,
  'ACCOUNT_SERVICE_URL'
> & {
  ACCOUNT_SERVICE_URL?: string;
};

/** Distributed mode: one service in its own process, on PostgreSQL and NATS. */
export async function runStandalone(definition: TServiceDefinition, env: TStandaloneEnv): Promise<void> {
  const logger = createLogger({ service: definition.name }, env.LOG_LEVEL);
  try {
    const database = await createDatabase({ url: env.DATABASE_URL, schemaName: definition.name, logger });
    const bus = await createNatsBus({
      url: env.NATS_URL,
      name: definition.name,
      logger,
      streamReplicas: env.NATS_STREAM_REPLICAS,
    });
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
