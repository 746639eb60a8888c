import { describe, expect, it } from 'vitest';
import { decideGuard, type TGuardInput } from './guard-decision.ts';

const ready = (
  overrides: Partial<{
    trialExpired: boolean;
    subscriptionStatus: 'trial' | 'active';
    onboardingCompleted: boolean;
  }> = {},
) =>
  ({
    state: 'ready',
    trialExpired: false,
    subscriptionStatus: 'trial',
    onboardingCompleted: true,
    ...overrides,
  }) as const;

const signedIn = (input: Partial<TGuardInput> = {}): TGuardInput => ({
  requirement: 'signed-in',
  session: 'signed-in',
  profile: ready(),
  gated: true,
  ...input,
});

describe('decideGuard', () => {
  it('shows a spinner while the session loads, whatever the route', () => {
    expect(decideGuard({ requirement: 'signed-in', session: 'loading', gated: true })).toEqual({
      kind: 'spinner',
    });
    expect(decideGuard({ requirement: 'signed-out', session: 'loading', gated: false })).toEqual({
      kind: 'spinner',
    });
  });

  it('sends signed-out users on a signed-in route to /auth', () => {
    expect(decideGuard({ requirement: 'signed-in', session: 'signed-out', gated: true })).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
  });

  it('sends signed-in users on /auth to /dashboard, and lets visitors in', () => {
    expect(decideGuard({ requirement: 'signed-out', session: 'signed-in', gated: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideGuard({ requirement: 'signed-out', session: 'signed-out', gated: false })).toEqual({
      kind: 'render',
    });
  });

  it('waits for the profile, and reports a profile failure', () => {
    expect(decideGuard(signedIn({ profile: { state: 'loading' } }))).toEqual({ kind: 'spinner' });
    expect(decideGuard(signedIn({ profile: { state: 'error' } }))).toEqual({ kind: 'profile-error' });
  });

  it('shows the trial-expired screen when the trial is over and the status is not active', () => {
    expect(decideGuard(signedIn({ profile: ready({ trialExpired: true }) }))).toEqual({
      kind: 'trial-expired',
    });
    // Even before onboarding: an expired trial sees only pricing (docs/product.md §6).
    expect(
      decideGuard(signedIn({ profile: ready({ trialExpired: true, onboardingCompleted: false }) })),
    ).toEqual({ kind: 'trial-expired' });
    expect(
      decideGuard(signedIn({ profile: ready({ trialExpired: true, subscriptionStatus: 'active' }) })),
    ).toEqual({ kind: 'render' });
  });

  it('shows the onboarding wizard until onboarding is completed', () => {
    expect(decideGuard(signedIn({ profile: ready({ onboardingCompleted: false }) }))).toEqual({
      kind: 'onboarding',
    });
    expect(decideGuard(signedIn())).toEqual({ kind: 'render' });
  });

  it('lets ungated signed-in routes (pricing, payment return) through without the profile checks', () => {
    expect(
      decideGuard(
        signedIn({ gated: false, profile: ready({ trialExpired: true, onboardingCompleted: false }) }),
      ),
    ).toEqual({ kind: 'render' });
  });
});
