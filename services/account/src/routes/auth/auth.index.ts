import { AUTH_BASE_PATH } from '@prospector/contracts';
import { clientIp, type TClientIpVariables } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createAuthHandlers, type TAuthContext } from './auth.handlers.ts';
import { AUTH_ROUTES, type TAuthRoutePath } from './auth.routes.ts';

/** `/api/auth/*`: better-auth behind the product's checks, client address and error shape. */
export function createAuthRoutes(runtime: TAccountRuntime) {
  const handlers = createAuthHandlers(runtime);
  const app = new Hono<{ Variables: TClientIpVariables }>().basePath(AUTH_BASE_PATH);
  app.use('*', clientIp({ edgeSecret: runtime.config.edgeSecret }));
  // Routes with a body the product checks first; the rest go to better-auth as they are.
  const checked: Partial<Record<TAuthRoutePath, (c: TAuthContext) => Promise<Response>>> = {
    '/sign-up/email': handlers.signUp,
    '/sign-in/email': handlers.signIn,
    '/request-password-reset': handlers.requestPasswordReset,
    '/reset-password': handlers.resetPassword,
    '/send-verification-email': handlers.sendVerificationEmail,
    '/change-password': handlers.changePassword,
    '/sign-out': handlers.signOut,
  };
  for (const route of AUTH_ROUTES) {
    app.on(route.method, route.path, checked[route.path] ?? ((c: TAuthContext) => handlers.forward(c)));
  }
  return app;
}
