import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import { createStatsHandlers } from './stats.handlers.ts';

/** The signed-in user's extraction figures, and the records removed after opt-outs. */
export function createStatsRoutes(database: TDatabase, identity: TSessionVerifier) {
  const handlers = createStatsHandlers(database);
  const signedIn = requireUser(identity);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(DATABASE_ENDPOINTS.stats, [signedIn]), handlers.getStats)
    .openapi(routeOf(DATABASE_ENDPOINTS.optOutRemovals, [signedIn]), handlers.getOptOutRemovals);
}
