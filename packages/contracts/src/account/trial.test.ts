import { describe, expect, it } from 'vitest';
import { isTrialExpired, trialDaysLeft } from './trial.ts';

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
