import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import type { TEndpoint } from '@prospector/contracts';
import { createEndpointApp, routeOf } from './route-of.ts';

/**
 * An app of the signed-in user's endpoints: `app.openapi(signedIn(ENDPOINT), handler)` serves one
 * behind `requireUser`, so its handler reads the user from the session, never the request.
 */
export function createSignedInApp(identity: TSessionVerifier) {
  const user = requireUser(identity);
  return {
    app: createEndpointApp<{ Variables: TUserVariables }>(),
    signedIn: <const TDefinition extends TEndpoint>(endpoint: TDefinition) => routeOf(endpoint, [user]),
  };
}
