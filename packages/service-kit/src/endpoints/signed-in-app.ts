import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import type { TEndpoint } from '@prospector/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { createEndpointApp, routeOf } from './route-of.ts';

/** A request of a signed-in user (`requireUser` ran before the handler): `c.get('user')`. */
export type TUserContext = Context<{ Variables: TUserVariables }>;

/**
 * An app of the signed-in user's endpoints: `app.openapi(signedIn(ENDPOINT), handler)` serves one
 * behind `requireUser`, so its handler reads the user from the session, never the request. Middleware
 * given after the endpoint (a paywall, which sets more variables) runs after the session check.
 */
export function createSignedInApp<TVariables extends TUserVariables = TUserVariables>(
  identity: TSessionVerifier,
) {
  const user = requireUser(identity);
  return {
    app: createEndpointApp<{ Variables: TVariables }>(),
    signedIn: <const TDefinition extends TEndpoint, const TMore extends MiddlewareHandler[] = []>(
      endpoint: TDefinition,
      more?: TMore,
    ) =>
      routeOf<TDefinition, [typeof user, ...TMore]>(endpoint, [user, ...(more ?? ([] as unknown as TMore))]),
  };
}
