import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { createAvatarsHandlers } from './avatars.handlers.ts';

/**
 * Profile pictures of search results and profiles: drawn for the sandbox, fetched from the provider's
 * CDN otherwise (signed keys only), so browsers never load a provider's URL directly.
 */
export function createAvatarsRoutes(
  context: Pick<TDiscoveryContext, 'avatarKeys' | 'avatarFetcher'>,
  identity: TSessionVerifier,
) {
  const handlers = createAvatarsHandlers(context);
  return createEndpointApp<{ Variables: TUserVariables }>().openapi(
    routeOf(EXTRACTOR_ENDPOINTS.avatar, [requireUser(identity)]),
    (c) => handlers.getAvatar(c, c.req.valid('param').key),
  );
}
