import { describe, expect, it } from 'vitest';
import { isPaywalled, isTrialExpired, TRIAL_EXPIRED_MESSAGE, trialDaysLeft } from './trial.ts';

const start = new Date('2026-03-01T10:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('trialDaysLeft around the 15-day edge', () => {
  it.each([
    ['2026-03-01T10:00:00.000Z', 15],
    ['2026-03-02T09:59:59.999Z', 15],
    ['2026-03-02T10:00:00.000Z', 14],
    ['2026-03-15T10:00:00.000Z', 1],
    ['2026-03-16T09:59:59.999Z', 1],
    ['2026-03-16T10:00:00.000Z', 0],
    ['2026-04-30T00:00:00.000Z', 0],
  ])('at %s shows %i', (now, days) => {
    expect(trialDaysLeft(start, at(now))).toBe(days);
  });

  it('expires exactly 15 days after the start', () => {
    expect(isTrialExpired(start, at('2026-03-16T09:59:59.999Z'))).toBe(false);
    expect(isTrialExpired(start, at('2026-03-16T10:00:00.000Z'))).toBe(true);
  });
});

describe('isPaywalled (docs/product.md §6 "Gating")', () => {
  it.each([
    ['trial', '2026-03-16T09:59:59.999Z', false],
    ['trial', '2026-03-16T10:00:00.000Z', true],
    ['active', '2026-03-16T10:00:00.000Z', false],
    ['active', '2027-01-01T00:00:00.000Z', false],
    ['trial', '2026-03-01T10:00:00.000Z', false],
  ] as const)('a %s user at %s is paywalled: %s', (subscriptionStatus, now, paywalled) => {
    expect(isPaywalled({ subscriptionStatus, trialStartedAt: start }, at(now))).toBe(paywalled);
    expect(isPaywalled({ subscriptionStatus, trialStartedAt: start.toISOString() }, at(now))).toBe(paywalled);
  });

  it("tells the user in the trial-expired screen's words", () => {
    expect(TRIAL_EXPIRED_MESSAGE).toBe(
      'Trial Period Expired. Your 15-day free trial has ended. Choose a plan to keep extracting e-mails.',
    );
  });
});
