import { describe, expect, it } from 'vitest';
import { fakeProfile } from '../../../testing/fake-api.ts';
import { compactPlanStatusText, planStatusText } from './plan-status.tsx';

describe('planStatusText (docs/product.md §4)', () => {
  it('counts trial days down', () => {
    expect(planStatusText(fakeProfile({ trialDaysLeft: 15 }))).toBe('15 days left');
    expect(planStatusText(fakeProfile({ trialDaysLeft: 1 }))).toBe('1 day left');
  });

  it('says "Trial expired" once the trial is over', () => {
    expect(planStatusText(fakeProfile({ trialExpired: true, trialDaysLeft: 0 }))).toBe('Trial expired');
  });

  it('names the plan for subscribers', () => {
    const active = { subscriptionStatus: 'active' as const, trialExpired: true };
    expect(planStatusText(fakeProfile({ ...active, subscriptionPlan: 'package_1' }))).toBe('Starter Plan');
    expect(planStatusText(fakeProfile({ ...active, subscriptionPlan: 'package_3' }))).toBe('Enterprise Plan');
    expect(planStatusText(fakeProfile({ ...active, subscriptionPlan: 'none' }))).toBe('Free Trial');
  });

  it('has a short form for a phone’s top bar', () => {
    expect(compactPlanStatusText(fakeProfile({ trialDaysLeft: 15 }))).toBe('15d left');
    expect(compactPlanStatusText(fakeProfile({ trialDaysLeft: 1 }))).toBe('1d left');
    expect(compactPlanStatusText(fakeProfile({ trialExpired: true, trialDaysLeft: 0 }))).toBe('Expired');
    const active = { subscriptionStatus: 'active' as const, trialExpired: true };
    expect(compactPlanStatusText(fakeProfile({ ...active, subscriptionPlan: 'package_2' }))).toBe(
      'Professional',
    );
    expect(compactPlanStatusText(fakeProfile({ ...active, subscriptionPlan: 'none' }))).toBe('Free Trial');
  });
});
