import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from './config.ts';
import { outbox } from './db/schema.ts';
import { marketingApiReference } from './openapi.ts';
import { createConsentsRoutes } from './routes/consents/consents.index.ts';
import { createPlansRoutes } from './routes/plans/plans.index.ts';

/** The marketing service: public content (the plans-with-promo view) and the cookie consent log. */
export function createMarketingService(
  config: TMarketingConfig = DEFAULT_MARKETING_CONFIG,
): TServiceDefinition {
  return {
    name: 'marketing',
    apiReference: marketingApiReference,
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: ({ database }) =>
      new Hono().route('/', createPlansRoutes(config)).route('/', createConsentsRoutes(database, config)),
  };
}

export const marketingService = createMarketingService();
