import type { TDatabase } from '@prospector/db';
import { migrationsFolderOf, requireIdentity, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_EXTRACTOR_CONFIG, type TExtractorConfig } from './config.ts';
import { outbox } from './db/schema.ts';
import { createDiscoveryContext, type TDiscoveryContext } from './discovery/discovery-context.ts';
import { createAvatarsRoutes } from './routes/avatars/avatars.index.ts';
import { createDiscoveryRoutes } from './routes/discovery/discovery.index.ts';

export function createExtractorService(
  config: TExtractorConfig = DEFAULT_EXTRACTOR_CONFIG,
): TServiceDefinition {
  // One provider per running service (its limiter is the process's), shared by every route.
  const discoveryByDatabase = new WeakMap<TDatabase, TDiscoveryContext>();
  const discoveryOf = (database: TDatabase) => {
    let context = discoveryByDatabase.get(database);
    if (!context) {
      context = createDiscoveryContext(config, database);
      discoveryByDatabase.set(database, context);
    }
    return context;
  };
  return {
    name: 'extractor',
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: (deps) => {
      const identity = requireIdentity('extractor', deps);
      const discovery = discoveryOf(deps.database);
      return new Hono()
        .route('/', createDiscoveryRoutes(discovery, { bus: deps.bus, identity, logger: deps.logger }))
        .route('/', createAvatarsRoutes(discovery, identity));
    },
  };
}

export const extractorService = createExtractorService();
