import { PLAN_OFFERS, PROMO_PERCENT_OFF, type TPlansView } from '@prospector/contracts';
import type { Context } from 'hono';
import type { TMarketingConfig } from '../../config.ts';

export function createPlansHandlers(config: TMarketingConfig) {
  return {
    getPlans(c: Context) {
      const endsAt = config.promoEndsAt;
      const now = config.now?.() ?? new Date();
      const view: TPlansView = {
        plans: [...PLAN_OFFERS],
        promo:
          endsAt.getTime() > now.getTime()
            ? { endsAt: endsAt.toISOString(), percentOff: PROMO_PERCENT_OFF }
            : null,
      };
      return c.json(view);
    },
  };
}
