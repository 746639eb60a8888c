import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from './config.ts';
import { outbox } from './db/schema.ts';
import { createPlansRoutes } from './routes/plans/plans.index.ts';

/** The marketing service: public content, starting with the plans-with-promo view. */
export function createMarketingService(
  config: TMarketingConfig = DEFAULT_MARKETING_CONFIG,
): TServiceDefinition {
  return {
    name: 'marketing',
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: () => new Hono().route('/', createPlansRoutes(config)),
  };
}

export const marketingService = createMarketingService();
