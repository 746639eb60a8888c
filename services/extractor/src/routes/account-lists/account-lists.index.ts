import type { TSessionVerifier } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp, type TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import type { TOptOutCheck } from '../../opt-outs/opt-out-check.ts';
import { createAccountListHandlers } from './account-lists.handlers.ts';

/** Followers, following and hashtag posters, a page at a time, behind the paywall. */
export function createAccountListRoutes(
  context: TDiscoveryContext,
  deps: {
    bus: TEventBus;
    identity: TSessionVerifier;
    logger: TLogger;
    paywall: MiddlewareHandler<{ Variables: TToolVariables }>;
    optOuts: TOptOutCheck;
  },
) {
  const handlers = createAccountListHandlers(context, deps);
  const { app, signedIn } = createSignedInApp<TToolVariables>(deps.identity);
  return app.openapi(signedIn(EXTRACTOR_ENDPOINTS.accountLists, [deps.paywall]), (c) =>
    handlers.listPage(c, c.req.valid('json')),
  );
}
