import type { TSessionVerifier } from '@prospector/auth-client';
import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
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
  const { app, signedIn } = createSignedInApp(identity);
  return app.openapi(signedIn(EXTRACTOR_ENDPOINTS.avatar), (c) =>
    handlers.getAvatar(c, c.req.valid('param').key),
  );
}
