import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from './config.ts';
import { outbox } from './db/schema.ts';
import { marketingApi } from './openapi.ts';
import { createConsentsRoutes } from './routes/consents/consents.index.ts';
import { createOptOutRoutes } from './routes/opt-out/opt-out.index.ts';
import { createPlansRoutes } from './routes/plans/plans.index.ts';

/**
 * The marketing service: public content (the plans-with-promo view), the cookie consent log and the
 * public opt-out (docs/architecture.md §15).
 */
export function createMarketingService(
  config: TMarketingConfig = DEFAULT_MARKETING_CONFIG,
): TServiceDefinition {
  return {
    name: 'marketing',
    api: marketingApi,
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: ({ database, optOutKey }) =>
      new Hono()
        .route('/', createPlansRoutes(config))
        .route('/', createConsentsRoutes(database, config))
        .route('/', createOptOutRoutes(database, config, optOutKey)),
  };
}

export const marketingService = createMarketingService();
