import { TRIAL_DAYS } from './constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trial ends: TRIAL_DAYS full days after it started. */
export const trialEndsAt = (trialStartedAt: Date | string): Date =>
  new Date(new Date(trialStartedAt).getTime() + TRIAL_DAYS * DAY_MS);

/**
 * Whole days of trial left, counted from the trial start (docs/product.md §4): 15 on the first day, 1 on the
 * last, 0 once 15 full days have passed. Rounded up so a trial never shows 0 while it still runs.
 */
export function trialDaysLeft(trialStartedAt: Date, now: Date = new Date()): number {
  const endsAt = trialEndsAt(trialStartedAt).getTime();
  return Math.max(0, Math.ceil((endsAt - now.getTime()) / DAY_MS));
}

export function isTrialExpired(trialStartedAt: Date, now: Date = new Date()): boolean {
  return trialDaysLeft(trialStartedAt, now) === 0;
}

/** What decides whether a user may use the tools: the profile's trial start and subscription status. */
export interface TToolAccessState {
  subscriptionStatus: 'trial' | 'active';
  trialStartedAt: Date | string;
}

/**
 * docs/product.md §6 "Gating": an expired trial without an active subscription may not extract or
 * search. The browser shows the trial-expired screen on the same rule; the extractor refuses with
 * TRIAL_EXPIRED_MESSAGE.
 */
export function isPaywalled(state: TToolAccessState, now: Date = new Date()): boolean {
  return state.subscriptionStatus !== 'active' && isTrialExpired(new Date(state.trialStartedAt), now);
}

/** 402 TRIAL_EXPIRED: what the extractor answers a paywalled user (the trial-expired screen's text). */
export const TRIAL_EXPIRED_MESSAGE = `Trial Period Expired. Your ${TRIAL_DAYS}-day free trial has ended. Choose a plan to keep extracting e-mails.`;
