import { requireRole } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createApiKeysHandlers } from './api-keys.handlers.ts';

/**
 * Settings → API: the workspace's API keys (a session is needed; a key cannot make keys). Every member
 * may list them; creating and revoking need an admin (docs/architecture.md §17).
 */
export function createApiKeysRoutes(runtime: TAccountRuntime) {
  const handlers = createApiKeysHandlers(runtime.apiKeys);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  const admin = [requireRole('admin')];
  return app
    .openapi(signedIn(ACCOUNT_ENDPOINTS.apiKeys), handlers.list)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.createApiKey, admin), (c) => handlers.create(c, c.req.valid('json')))
    .openapi(signedIn(ACCOUNT_ENDPOINTS.revokeApiKey, admin), (c) =>
      handlers.revoke(c, c.req.valid('param').id),
    );
}
