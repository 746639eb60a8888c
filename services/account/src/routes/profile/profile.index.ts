import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createProfileHandlers } from './profile.handlers.ts';

/** Profile, onboarding and erasure of the signed-in user (docs/product.md §3, §4). */
export function createProfileRoutes(runtime: TAccountRuntime) {
  const handlers = createProfileHandlers(runtime);
  const signedIn = requireUser(runtime.sessionVerifier);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(ACCOUNT_ENDPOINTS.profile, [signedIn]), handlers.getProfile)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.updateProfile, [signedIn]), (c) =>
      handlers.updateProfile(c, c.req.valid('json')),
    )
    .openapi(routeOf(ACCOUNT_ENDPOINTS.completeOnboarding, [signedIn]), (c) =>
      handlers.completeOnboarding(c, c.req.valid('json')),
    )
    .openapi(routeOf(ACCOUNT_ENDPOINTS.skipOnboarding, [signedIn]), handlers.skipOnboarding)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.eraseAccount, [signedIn]), handlers.deleteMe);
}
