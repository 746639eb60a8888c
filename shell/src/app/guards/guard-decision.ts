import { APP_PATHS, type TProfile } from '@prospector/contracts';

/** What a guard knows: where the session and the profile queries stand. */
export type TGuardInput = {
  /** `signed-in`: the route needs a session; `signed-out`: the route is for visitors only (/auth). */
  requirement: 'signed-in' | 'signed-out';
  session: 'loading' | 'error' | 'signed-out' | 'signed-in';
  /** Only read for signed-in users on gated routes. */
  profile?:
    | { state: 'loading' }
    | { state: 'error' }
    | ({ state: 'ready' } & Pick<TProfile, 'trialExpired' | 'subscriptionStatus' | 'onboardingCompleted'>);
  /** Gated routes show the trial-expired screen or the onboarding wizard when they apply (docs/product.md §6). */
  gated: boolean;
};

export type TGuardDecision =
  | { kind: 'spinner' }
  | { kind: 'session-error' }
  | { kind: 'profile-error' }
  | { kind: 'redirect'; to: typeof APP_PATHS.auth | typeof APP_PATHS.dashboard }
  | { kind: 'trial-expired' }
  | { kind: 'onboarding' }
  | { kind: 'render' };

/** docs/product.md §2 "Route guard" and §4/§6: who sees what, in order. */
export function decideGuard({ requirement, session, profile, gated }: TGuardInput): TGuardDecision {
  if (session === 'loading') return { kind: 'spinner' };
  if (session === 'error') return { kind: 'session-error' };
  if (requirement === 'signed-out') {
    return session === 'signed-in' ? { kind: 'redirect', to: APP_PATHS.dashboard } : { kind: 'render' };
  }
  if (session === 'signed-out') return { kind: 'redirect', to: APP_PATHS.auth };
  if (!gated) return { kind: 'render' };
  if (!profile || profile.state === 'loading') return { kind: 'spinner' };
  if (profile.state === 'error') return { kind: 'profile-error' };
  if (profile.trialExpired && profile.subscriptionStatus !== 'active') return { kind: 'trial-expired' };
  if (!profile.onboardingCompleted) return { kind: 'onboarding' };
  return { kind: 'render' };
}
