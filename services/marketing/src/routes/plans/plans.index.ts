import { Hono } from 'hono';
import type { TMarketingConfig } from '../../config.ts';
import { createPlansHandlers } from './plans.handlers.ts';
import { PLANS_PATHS } from './plans.routes.ts';

/** Public: the landing page shows the plans to visitors who are not signed in. */
export function createPlansRoutes(config: TMarketingConfig) {
  const handlers = createPlansHandlers(config);
  return new Hono().get(PLANS_PATHS.plans, handlers.getPlans);
}
