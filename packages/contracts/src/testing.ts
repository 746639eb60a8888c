// Test data shared by the shell's and the remotes' tests; not part of any wire contract.
import type { TProfile } from './account/index.ts';

/** A profile as the account service returns it for a fresh trial user; override what a test needs. */
export function fakeProfile(overrides: Partial<TProfile> = {}): TProfile {
  return {
    userId: 'user-1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatarUrl: null,
    companyName: null,
    vatNumber: null,
    country: 'Italy',
    accountType: 'personal',
    subscriptionStatus: 'trial',
    subscriptionPlan: 'none',
    selectedPlan: null,
    subscriptionEndDate: null,
    cancelAtPeriodEnd: false,
    trialStartedAt: '2026-03-01T10:00:00.000Z',
    trialExpired: false,
    trialDaysLeft: 15,
    onboardingCompleted: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
