import { EnvError, loadEnv } from '@prospector/config';
import { PLAN_OFFERS, ZPlansViewSchema } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { useMarketingServices } from '../../_factories.ts';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from '../../config.ts';
import { marketingConfigFromEnv, marketingEnvShape } from '../../env.ts';

/** The marketing service's variables as its own process reads them, plus `extra`. */
const configFromEnv = (extra: Record<string, string> = {}) =>
  marketingConfigFromEnv(
    loadEnv('marketing service', marketingEnvShape, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
      NATS_URL: 'nats://127.0.0.1:4222',
      ...extra,
    }),
  );

describe('GET /api/marketing/plans', () => {
  const marketing = useMarketingServices('plans');

  async function plansFrom(config: TMarketingConfig) {
    const service = await marketing.start(config);
    const response = await service.app.request('/api/marketing/plans');
    expect(response.status).toBe(200);
    return ZPlansViewSchema.parse(await response.json());
  }

  it('serves the plan table with the spec promo, 20% off until 2025-08-16 23:59:59 UTC, to anyone', async () => {
    const view = await plansFrom({
      ...DEFAULT_MARKETING_CONFIG,
      now: () => new Date('2025-08-16T23:59:58Z'),
    });
    expect(view.promo).toEqual({ endsAt: '2025-08-16T23:59:59.000Z', percentOff: 20 });
    expect(view.plans).toEqual(PLAN_OFFERS);
    expect(view.plans.map((plan) => [plan.name, plan.price, plan.originalPrice])).toEqual([
      ['Starter', 47, 56],
      ['Professional', 87, 104],
      ['Enterprise', 157, 188],
    ]);
  });

  it('drops the promo from the moment it ends', async () => {
    const view = await plansFrom({
      ...DEFAULT_MARKETING_CONFIG,
      now: () => new Date('2025-08-16T23:59:59Z'),
    });
    expect(view.promo).toBeNull();
    expect(view.plans.map((plan) => plan.price)).toEqual([47, 87, 157]);
  });

  it('takes the end from PROMO_ENDS_AT, as one instant whatever zone it is written in', async () => {
    const view = await plansFrom(configFromEnv({ PROMO_ENDS_AT: '2099-01-01T00:30:00+01:00' }));
    expect(view.promo).toEqual({ endsAt: '2098-12-31T23:30:00.000Z', percentOff: 20 });
  });

  it('ends at the spec instant when PROMO_ENDS_AT is unset or empty', async () => {
    expect(configFromEnv().promoEndsAt.toISOString()).toBe('2025-08-16T23:59:59.000Z');
    expect(configFromEnv({ PROMO_ENDS_AT: '' }).promoEndsAt.toISOString()).toBe('2025-08-16T23:59:59.000Z');
    // That instant has passed on any clock running these tests, so the service serves no promo.
    expect((await plansFrom(configFromEnv())).promo).toBeNull();
  });

  it('refuses a PROMO_ENDS_AT without a zone, or that is not a date-time', () => {
    for (const value of ['2025-08-16T23:59:59', 'next friday']) {
      let error: unknown;
      try {
        configFromEnv({ PROMO_ENDS_AT: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.map((problem) => problem.variable)).toEqual(['PROMO_ENDS_AT']);
    }
  });
});
