import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { EXTRACTOR_PATHS } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { createDiscoveryHandlers } from './discovery.handlers.ts';
import { searchBody, similarBody } from './discovery.routes.ts';

/** Which provider answers, keyword search and similar accounts, for the signed-in user. */
export function createDiscoveryRoutes(
  context: TDiscoveryContext,
  deps: { bus: TEventBus; identity: TSessionVerifier; logger: TLogger },
) {
  const handlers = createDiscoveryHandlers(context, deps.bus, deps.logger);
  const signedIn = requireUser(deps.identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(EXTRACTOR_PATHS.provider, signedIn, handlers.getProvider)
    .post(EXTRACTOR_PATHS.search, signedIn, searchBody, (c) => handlers.search(c, c.req.valid('json')))
    .post(EXTRACTOR_PATHS.similar, signedIn, similarBody, (c) => handlers.similar(c, c.req.valid('json')));
}
