import { MARKETING_ENDPOINTS, PLAN_OFFERS, PROMO_PERCENT_OFF } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TMarketingConfig } from '../../config.ts';

/** Public: the landing page shows the plans to visitors who are not signed in. */
export function createPlansRoutes(config: TMarketingConfig) {
  return createEndpointApp().openapi(routeOf(MARKETING_ENDPOINTS.plans), (c) => {
    const endsAt = config.promoEndsAt;
    const now = config.now?.() ?? new Date();
    return c.json(
      {
        plans: [...PLAN_OFFERS],
        promo:
          endsAt.getTime() > now.getTime()
            ? { endsAt: endsAt.toISOString(), percentOff: PROMO_PERCENT_OFF }
            : null,
      },
      200,
    );
  });
}
