import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createProfileHandlers } from './profile.handlers.ts';
import { onboardingAnswersBody, profileUpdateBody } from './profile.routes.ts';

/** Profile, onboarding and erasure of the signed-in user (docs/product.md §3, §4). */
export function createProfileRoutes(runtime: TAccountRuntime) {
  const handlers = createProfileHandlers(runtime);
  const signedIn = requireUser(runtime.sessionVerifier);
  return new Hono<{ Variables: TUserVariables }>()
    .get(ACCOUNT_PATHS.profile, signedIn, handlers.getProfile)
    .patch(ACCOUNT_PATHS.profile, signedIn, profileUpdateBody, (c) =>
      handlers.updateProfile(c, c.req.valid('json')),
    )
    .post(ACCOUNT_PATHS.onboarding, signedIn, onboardingAnswersBody, (c) =>
      handlers.completeOnboarding(c, c.req.valid('json')),
    )
    .post(ACCOUNT_PATHS.skipOnboarding, signedIn, handlers.skipOnboarding)
    .delete(ACCOUNT_PATHS.me, signedIn, handlers.deleteMe);
}
