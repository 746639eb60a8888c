import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { API_KEY_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createApiKeysHandlers } from './api-keys.handlers.ts';
import { apiKeyParams, createApiKeyBody } from './api-keys.routes.ts';

/** Settings → API: the signed-in user's API keys (a session is needed; a key cannot make keys). */
export function createApiKeysRoutes(runtime: TAccountRuntime) {
  const handlers = createApiKeysHandlers(runtime.apiKeys);
  const signedIn = requireUser(runtime.sessionVerifier);
  return new Hono<{ Variables: TUserVariables }>()
    .get(API_KEY_PATHS.keys, signedIn, handlers.list)
    .post(API_KEY_PATHS.keys, signedIn, createApiKeyBody, (c) => handlers.create(c, c.req.valid('json')))
    .delete(API_KEY_PATHS.key, signedIn, apiKeyParams, (c) => handlers.revoke(c, c.req.valid('param').id));
}
