import type { TSessionVerifier } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp, type TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import type { TOptOutCheck } from '../../opt-outs/opt-out-check.ts';
import { createDiscoveryHandlers } from './discovery.handlers.ts';

type TPaywall = MiddlewareHandler<{ Variables: TToolVariables }>;

/**
 * Which provider answers, keyword search, similar accounts and the account lists (followers, following
 * and hashtag posters, a page at a time), for the signed-in user; all but the first sit behind the paywall.
 */
export function createDiscoveryRoutes(
  context: TDiscoveryContext,
  deps: {
    bus: TEventBus;
    identity: TSessionVerifier;
    logger: TLogger;
    paywall: { search: TPaywall; similar: TPaywall; list: TPaywall };
    optOuts: TOptOutCheck;
  },
) {
  const handlers = createDiscoveryHandlers(context, deps);
  const { app, signedIn } = createSignedInApp<TToolVariables>(deps.identity);
  return app
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.provider), handlers.getProvider)
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.search, [deps.paywall.search]), (c) =>
      handlers.search(c, c.req.valid('json')),
    )
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.similar, [deps.paywall.similar]), (c) =>
      handlers.similar(c, c.req.valid('json')),
    )
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.accountLists, [deps.paywall.list]), (c) =>
      handlers.listPage(c, c.req.valid('json')),
    );
}
