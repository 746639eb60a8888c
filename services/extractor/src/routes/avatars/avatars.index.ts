import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { Hono } from 'hono';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { createAvatarsHandlers } from './avatars.handlers.ts';
import { AVATARS_PATHS } from './avatars.routes.ts';

/**
 * Profile pictures of search results and profiles: drawn for the sandbox, fetched from the provider's
 * CDN otherwise (signed keys only), so browsers never load a provider's URL directly.
 */
export function createAvatarsRoutes(
  context: Pick<TDiscoveryContext, 'avatarKeys' | 'avatarFetcher'>,
  identity: TSessionVerifier,
) {
  const handlers = createAvatarsHandlers(context);
  return new Hono<{ Variables: TUserVariables }>().get(
    AVATARS_PATHS.avatar,
    requireUser(identity),
    handlers.getAvatar,
  );
}
