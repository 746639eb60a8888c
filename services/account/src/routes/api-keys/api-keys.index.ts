import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createApiKeysHandlers } from './api-keys.handlers.ts';

/** Settings → API: the signed-in user's API keys (a session is needed; a key cannot make keys). */
export function createApiKeysRoutes(runtime: TAccountRuntime) {
  const handlers = createApiKeysHandlers(runtime.apiKeys);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  return app
    .openapi(signedIn(ACCOUNT_ENDPOINTS.apiKeys), handlers.list)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.createApiKey), (c) => handlers.create(c, c.req.valid('json')))
    .openapi(signedIn(ACCOUNT_ENDPOINTS.revokeApiKey), (c) => handlers.revoke(c, c.req.valid('param').id));
}
