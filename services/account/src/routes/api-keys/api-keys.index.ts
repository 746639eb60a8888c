import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createApiKeysHandlers } from './api-keys.handlers.ts';

/** Settings → API: the signed-in user's API keys (a session is needed; a key cannot make keys). */
export function createApiKeysRoutes(runtime: TAccountRuntime) {
  const handlers = createApiKeysHandlers(runtime.apiKeys);
  const signedIn = requireUser(runtime.sessionVerifier);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(ACCOUNT_ENDPOINTS.apiKeys, [signedIn]), handlers.list)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.createApiKey, [signedIn]), (c) =>
      handlers.create(c, c.req.valid('json')),
    )
    .openapi(routeOf(ACCOUNT_ENDPOINTS.revokeApiKey, [signedIn]), (c) =>
      handlers.revoke(c, c.req.valid('param').id),
    );
}
