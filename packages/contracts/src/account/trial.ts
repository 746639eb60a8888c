import { TRIAL_DAYS } from './constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days of trial left, counted from the trial start (docs/product.md §4): 15 on the first day, 1 on the
 * last, 0 once 15 full days have passed. Rounded up so a trial never shows 0 while it still runs.
 */
export function trialDaysLeft(trialStartedAt: Date, now: Date = new Date()): number {
  const endsAt = trialStartedAt.getTime() + TRIAL_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((endsAt - now.getTime()) / DAY_MS));
}

export function isTrialExpired(trialStartedAt: Date, now: Date = new Date()): boolean {
  return trialDaysLeft(trialStartedAt, now) === 0;
}
