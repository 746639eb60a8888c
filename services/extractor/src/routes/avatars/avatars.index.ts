import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { Hono } from 'hono';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { AVATAR_ROUTE } from '../../providers/avatars/avatar-paths.ts';
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
  return new Hono<{ Variables: TUserVariables }>().get(
    AVATAR_ROUTE,
    requireUser(identity),
    handlers.getAvatar,
  );
}
