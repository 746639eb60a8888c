import { requireUser, type TSessionVerifier } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { EXTRACTOR_PATHS } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import type { TOptOutCheck } from '../../opt-outs/opt-out-check.ts';
import { createDiscoveryHandlers } from './discovery.handlers.ts';
import { searchBody, similarBody } from './discovery.routes.ts';

type TPaywall = MiddlewareHandler<{ Variables: TToolVariables }>;

/**
 * Which provider answers, keyword search and similar accounts, for the signed-in user; the two
 * searches sit behind the paywall.
 */
export function createDiscoveryRoutes(
  context: TDiscoveryContext,
  deps: {
    bus: TEventBus;
    identity: TSessionVerifier;
    logger: TLogger;
    paywall: { search: TPaywall; similar: TPaywall };
    optOuts: TOptOutCheck;
  },
) {
  const handlers = createDiscoveryHandlers(context, deps.bus, deps.logger, deps.optOuts);
  const signedIn = requireUser(deps.identity);
  return new Hono<{ Variables: TToolVariables }>()
    .get(EXTRACTOR_PATHS.provider, signedIn, handlers.getProvider)
    .post(EXTRACTOR_PATHS.search, signedIn, deps.paywall.search, searchBody, (c) =>
      handlers.search(c, c.req.valid('json')),
    )
    .post(EXTRACTOR_PATHS.similar, signedIn, deps.paywall.similar, similarBody, (c) =>
      handlers.similar(c, c.req.valid('json')),
    );
}
