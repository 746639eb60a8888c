import { MARKETING_ENDPOINTS } from '@prospector/contracts';
import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from './config.ts';
import { outbox } from './db/schema.ts';
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
    api: {
      description:
        'Public content: the plans with the promo, the cookie-consent log and the opt-out. No sign-in.',
      endpoints: Object.values(MARKETING_ENDPOINTS),
    },
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: ({ database, bus, optOutKey }) =>
      new Hono()
        .route('/', createPlansRoutes(config))
        .route('/', createConsentsRoutes(database, config))
        .route('/', createOptOutRoutes(database, bus, config, optOutKey)),
  };
}

export const marketingService = createMarketingService();
