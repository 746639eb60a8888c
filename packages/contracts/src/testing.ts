// Test data shared by the shell's and the remotes' tests; not part of any wire contract.
import type { TProfile } from './account/index.ts';
import type { TExtractionData } from './extractions/extraction-data.ts';

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

/**
 * An Instagram profile of which nothing is known but its username: every other field null, in the
 * schema's order. Spread it first and set what a test's profile does know.
 */
export function bareExtractionData(username: string): TExtractionData {
  return {
    username,
    full_name: null,
    follower_count: null,
    following_count: null,
    media_count: null,
    is_verified: null,
    is_private: null,
    category: null,
    country: null,
    date_joined: null,
    external_url: null,
    public_email: null,
    biography: null,
  };
}
