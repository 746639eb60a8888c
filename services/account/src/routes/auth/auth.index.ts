import { Hono } from 'hono';
import { AUTH_BASE_PATH } from '../../auth/create-auth.ts';
import { clientIp, type TClientIpVariables } from '../../http/client-ip.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { createAuthHandlers } from './auth.handlers.ts';
import { AUTH_ROUTES } from './auth.routes.ts';

/** `/api/auth/*`: better-auth behind the product's checks, client address and error shape. */
export function createAuthRoutes(runtime: TAccountRuntime) {
  const handlers = createAuthHandlers(runtime);
  const app = new Hono<{ Variables: TClientIpVariables }>().basePath(AUTH_BASE_PATH);
  app.use('*', clientIp({ trustProxyClientIp: runtime.config.trustProxyClientIp }));
  for (const route of AUTH_ROUTES) {
    const handler =
      route.path === '/sign-up/email'
        ? handlers.signUp
        : route.path === '/change-password'
          ? handlers.changePassword
          : route.path === '/sign-out'
            ? handlers.signOut
            : (c: Parameters<typeof handlers.forward>[0]) => handlers.forward(c);
    app.on(route.method, route.path, handler);
  }
  return app;
}
