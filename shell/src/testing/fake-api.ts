import type { TProfile } from '@prospector/contracts';
import { vi } from 'vitest';

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

export const fakeSession = (profile: TProfile) => ({
  user: { id: profile.userId, email: profile.email, name: profile.fullName ?? '', emailVerified: true },
  session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
});

/**
 * Replaces `fetch` with the app's endpoints answering from memory: signed out when `profile` is
 * undefined. Returns the mock so tests can read the calls.
 */
export function stubApi({ profile, credits = 25 }: { profile?: TProfile; credits?: number } = {}) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/get-session') return json(profile ? fakeSession(profile) : null);
    if (!profile) return json({ error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } }, 401);
    if (path === '/api/account/profile') return json(profile);
    if (path === '/api/billing/credits')
      return json({ balance: credits, available: credits, held: 0, updatedAt: profile.updatedAt });
    if (path === '/api/database/stats')
      return json({ totalExtractions: 0, withEmail: 0, creditsUsed: 0, successRate: 0 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
