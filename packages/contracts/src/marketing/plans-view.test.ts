import { describe, expect, it } from 'vitest';
import { PLAN_OFFERS } from '../billing/plan-offers.ts';
import { DEFAULT_PROMO_ENDS_AT, PROMO_PERCENT_OFF } from '../billing/plans.ts';
import { promoLabel, promoRemainingMs } from './plans-view.ts';
import { ZPlansViewSchema } from './plans-view-schemas.ts';

const promo = { endsAt: DEFAULT_PROMO_ENDS_AT, percentOff: PROMO_PERCENT_OFF };

describe('the promo', () => {
  it('runs 20% off while the countdown to its one end instant is positive', () => {
    expect(promoLabel(promo)).toBe('20% OFF - Limited Time!');
    expect(promoRemainingMs(promo, Date.UTC(2025, 7, 16, 23, 59, 58))).toBe(1_000);
    expect(promoRemainingMs(promo, Date.UTC(2025, 7, 16, 23, 59, 58)) > 0).toBe(true);
    expect(promoRemainingMs(promo, Date.UTC(2025, 7, 16, 23, 59, 59)) > 0).toBe(false);
    expect(promoRemainingMs(promo, Date.UTC(2025, 7, 17, 0, 0, 0)) > 0).toBe(false);
    expect(promoRemainingMs(null, Date.UTC(2025, 0, 1)) > 0).toBe(false);
  });

  it('ends at the same instant whatever zone the end is written in', () => {
    const inRome = { ...promo, endsAt: '2025-08-17T01:59:59+02:00' };
    expect(promoRemainingMs(inRome, 0)).toBe(promoRemainingMs(promo, 0));
  });
});

describe('ZPlansViewSchema', () => {
  it('accepts the plan offers with or without a promo, and refuses an end without a zone', () => {
    expect(ZPlansViewSchema.parse({ plans: PLAN_OFFERS, promo }).plans).toHaveLength(3);
    expect(ZPlansViewSchema.parse({ plans: PLAN_OFFERS, promo: null }).promo).toBeNull();
    expect(
      ZPlansViewSchema.safeParse({ plans: PLAN_OFFERS, promo: { ...promo, endsAt: '2025-08-16T23:59:59' } })
        .success,
    ).toBe(false);
  });
});
