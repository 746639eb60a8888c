import { describe, expect, it } from 'vitest';
import { PAID_PLANS, PLANS, planDisplayLabel } from './plans.ts';

describe('planDisplayLabel', () => {
  it('names each paid plan', () => {
    expect(planDisplayLabel('package_1')).toBe('Starter Plan');
    expect(planDisplayLabel('package_2')).toBe('Professional Plan');
    expect(planDisplayLabel('package_3')).toBe('Enterprise Plan');
  });

  it('calls everything else the free trial', () => {
    for (const plan of ['trial', 'none', '', 'package_4', 'PACKAGE_1', null, undefined]) {
      expect(planDisplayLabel(plan)).toBe('Free Trial');
    }
  });
});

describe('PLANS', () => {
  it('holds the spec table', () => {
    expect(
      Object.values(PLANS).map((plan) => [
        plan.id,
        plan.label,
        plan.priceCents,
        plan.originalPriceDollars,
        plan.credits,
      ]),
    ).toEqual([
      ['trial', 'Free', 0, null, 25],
      ['package_1', 'Starter', 4700, 56, 5000],
      ['package_2', 'Professional', 8700, 104, 10000],
      ['package_3', 'Enterprise', 15700, 188, 20000],
    ]);
    expect(PLANS.trial.trialDays).toBe(15);
    expect(PAID_PLANS.filter((plan) => plan.mostPopular).map((plan) => plan.id)).toEqual(['package_2']);
  });
});
