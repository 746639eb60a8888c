import { MARKETING_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TMarketingConfig } from '../../config.ts';
import { createPlansHandlers } from './plans.handlers.ts';

/** Public: the landing page shows the plans to visitors who are not signed in. */
export function createPlansRoutes(config: TMarketingConfig) {
  const handlers = createPlansHandlers(config);
  return new Hono().get(MARKETING_PATHS.plans, handlers.getPlans);
}
