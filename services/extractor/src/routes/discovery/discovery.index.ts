import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import type { TLogger } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { createDiscoveryHandlers } from './discovery.handlers.ts';
import { DISCOVERY_PATHS, searchBody, similarBody } from './discovery.routes.ts';

/** Which provider answers, keyword search and similar accounts, for the signed-in user. */
export function createDiscoveryRoutes(
  context: TDiscoveryContext,
  deps: { bus: TEventBus; identity: TSessionVerifier; logger: TLogger },
) {
  const handlers = createDiscoveryHandlers(context, deps.bus, deps.logger);
  const signedIn = requireUser(deps.identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(DISCOVERY_PATHS.provider, signedIn, handlers.getProvider)
    .post(DISCOVERY_PATHS.search, signedIn, searchBody, (c) => handlers.search(c, c.req.valid('json')))
    .post(DISCOVERY_PATHS.similar, signedIn, similarBody, (c) => handlers.similar(c, c.req.valid('json')));
}
