import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createProfileHandlers } from './profile.handlers.ts';

/** Profile, onboarding and erasure of the signed-in user (docs/product.md §3, §4). */
export function createProfileRoutes(runtime: TAccountRuntime) {
  const handlers = createProfileHandlers(runtime);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  return app
    .openapi(signedIn(ACCOUNT_ENDPOINTS.profile), handlers.getProfile)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.updateProfile), (c) => handlers.updateProfile(c, c.req.valid('json')))
    .openapi(signedIn(ACCOUNT_ENDPOINTS.completeOnboarding), (c) =>
      handlers.completeOnboarding(c, c.req.valid('json')),
    )
    .openapi(signedIn(ACCOUNT_ENDPOINTS.skipOnboarding), handlers.skipOnboarding)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.eraseAccount), handlers.deleteMe);
}
