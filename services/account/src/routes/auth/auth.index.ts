import { AUTH_BASE_PATH, AUTH_ENDPOINTS } from '@prospector/contracts';
import { clientIp, type TClientIpVariables } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createAuthHandlers, type TAuthContext } from './auth.handlers.ts';

/**
 * `/api/auth/*`: better-auth behind the product's checks, client address and error shape. Only the
 * endpoints of AUTH_ENDPOINTS are served; anything else better-auth offers answers 404.
 */
export function createAuthRoutes(runtime: TAccountRuntime) {
  const app = new Hono<{ Variables: TClientIpVariables }>();
  app.use(`${AUTH_BASE_PATH}/*`, clientIp({ edgeSecret: runtime.config.edgeSecret }));
  // Routes with a body the product checks first (a handler of their name); the rest go to better-auth as they are.
  const { forward, ...checked } = createAuthHandlers(runtime);
  for (const [name, endpoint] of Object.entries(AUTH_ENDPOINTS)) {
    const handler = name in checked ? checked[name as keyof typeof checked] : (c: TAuthContext) => forward(c);
    app.on(endpoint.method.toUpperCase(), endpoint.path, handler);
  }
  return app;
}
