import { fileURLToPath } from 'node:url';
import type { TSessionVerifier } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { serviceApiPrefix } from '@prospector/contracts';
import { runMigrations, startOutboxRelay, type TDatabase, type TOutboxTable } from '@prospector/db';
import { Hono } from 'hono';
import { createApiGuard } from './api-guard.ts';
import type { TServiceApi } from './endpoints/openapi-document.ts';
import { createErrorHandler, notFoundHandler } from './errors.ts';
import { createHealthRoutes } from './health.ts';
import type { TLogger } from './logger.ts';
import { trackBusLag, trackOutboxLag, trackPool } from './metrics/registry.ts';
import { securityHeaders, usePerPrefix } from './security-headers.ts';

export const SERVICE_NAMES = ['account', 'marketing', 'extractor', 'database', 'billing'] as const;
export type TServiceName = (typeof SERVICE_NAMES)[number];

/** Where each service listens when it runs alone; the edge's defaults point at these. */
export const SERVICE_PORTS: Record<TServiceName, number> = {
  account: 3101,
  marketing: 3102,
  extractor: 3103,
  database: 3104,
  billing: 3105,
};

/** What a service is given to run: its own database client, the bus and a logger. */
export interface TServiceDeps {
  database: TDatabase;
  bus: TEventBus;
  logger: TLogger;
  /**
   * Who is signed in, for `requireUser(deps.identity)` from `@prospector/auth-client`: the account
   * service's in-process check in embedded mode, its HTTP `get-session` (cached) in distributed mode.
   * The account service verifies sessions itself and is not given one.
   */
  identity?: TSessionVerifier;
  /**
   * Origins (PUBLIC_URL, TRUSTED_ORIGINS) allowed to send state-changing requests besides the host a
   * request was addressed to.
   */
  trustedOrigins?: readonly string[];
  /** OPTOUT_KEY: the secret of the opt-out's keyed hashes (opt-out-keys.ts); the development key otherwise. */
  optOutKey?: string;
}

/** Anything a running service must stop on shutdown (consumers, timers, relays). */
export interface TStoppable {
  stop(): Promise<void>;
}

/**
 * A service as the composition roots see it. The same definition runs alone (`runStandalone`) or
 * mounted next to the others in the embedded edge; only the deps differ.
 */
export interface TServiceDefinition {
  name: TServiceName;
  /** Absolute path of the service's committed drizzle-kit migrations. */
  migrationsFolder: string;
  /** The service's outbox table; its relay runs while the service runs. */
  outbox?: TOutboxTable;
  /** Path prefixes the service answers; `/api/<name>` unless it owns more (better-auth, the dev mailbox). */
  pathPrefixes?: readonly string[];
  /** Body limit for the service's routes; DEFAULT_BODY_LIMIT_BYTES unless it only takes small forms. */
  bodyLimitBytes?: number;
  /** Exact paths that accept unsafe methods from any origin because they verify a signature instead. */
  crossOriginPaths?: readonly string[];
  /** The service's HTTP routes, with full paths (`/api/<name>/...`). */
  routes(deps: TServiceDeps): Hono;
  /** The endpoints those routes serve (the contract's objects); the edge documents them at `/api/docs`. */
  api?: TServiceApi;
  /** Starts background work (bus consumers, reply handlers); returns what to stop on shutdown. */
  start?(deps: TServiceDeps): Promise<TStoppable[]>;
}

export interface TRunningService {
  name: TServiceName;
  app: Hono;
  /** Stops background work and the outbox relay; the caller owns the bus and the database client. */
  stop(): Promise<void>;
}

/** Brings the service's schema up to date (its committed migrations); `startService` does it first. */
export async function migrateService(definition: TServiceDefinition, database: TDatabase): Promise<void> {
  await runMigrations(database, {
    migrationsFolder: definition.migrationsFolder,
    schemaName: definition.name,
  });
}

/**
 * Migrates the service's schema (unless `migrated`: the caller did, e.g. every service's at once),
 * starts its relay and consumers, and builds its HTTP app.
 */
export async function startService(
  definition: TServiceDefinition,
  deps: TServiceDeps,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TRunningService> {
  const logger = deps.logger;
  if (!migrated) await migrateService(definition, deps.database);
  const stoppables: TStoppable[] = [];
  const untrackPool = trackPool({
    service: definition.name,
    max: deps.database.poolSize,
    connectionsByState: () => deps.database.connectionsByState(),
  });
  const untrackBus = trackBusLag(deps.bus);
  stoppables.push({ stop: async () => untrackPool() }, { stop: async () => untrackBus() });
  if (definition.outbox) {
    const relay = startOutboxRelay({
      database: deps.database,
      outbox: definition.outbox,
      bus: deps.bus,
      logger,
    });
    const untrackOutbox = trackOutboxLag({
      service: definition.name,
      oldestUnpublishedAt: relay.oldestUnpublishedAt,
    });
    stoppables.push(relay, { stop: async () => untrackOutbox() });
  }
  stoppables.push(...((await definition.start?.(deps)) ?? []));

  const app = new Hono();
  app.onError(createErrorHandler(logger));
  app.notFound(notFoundHandler);
  const pathPrefixes = definition.pathPrefixes ?? [serviceApiPrefix(definition.name)];
  usePerPrefix(
    app,
    pathPrefixes,
    securityHeaders(),
    createApiGuard({
      bodyLimitBytes: definition.bodyLimitBytes,
      crossOriginPaths: definition.crossOriginPaths,
      trustedOrigins: deps.trustedOrigins,
    }),
  );
  app.route('/', createHealthRoutes(definition.name, { database: deps.database, bus: deps.bus }));
  app.route('/', definition.routes(deps));
  logger.info('service started', { service: definition.name });

  return {
    name: definition.name,
    app,
    async stop() {
      // Newest first: consumers before the relay that publishes what they wrote.
      for (const stoppable of stoppables.reverse()) await stoppable.stop();
      logger.info('service stopped', { service: definition.name });
    },
  };
}

/** A service's committed migrations sit in `drizzle/` at its package root, beside `src/`. */
export const migrationsFolderOf = (serviceModuleUrl: string): string =>
  fileURLToPath(new URL('../drizzle', serviceModuleUrl));

/** The session verifier a service's signed-in routes need; its absence is a wiring bug, caught at start. */
export function requireIdentity(service: TServiceName, deps: TServiceDeps): TSessionVerifier {
  if (!deps.identity) {
    throw new Error(`The ${service} service needs an identity verifier (set ACCOUNT_SERVICE_URL).`);
  }
  return deps.identity;
}
