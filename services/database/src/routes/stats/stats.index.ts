import type { TSessionVerifier } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createSignedInApp } from '@prospector/service-kit';
import { createStatsHandlers } from './stats.handlers.ts';

/** The signed-in user's extraction figures (its credits from billing's ledger), and the records removed after opt-outs. */
export function createStatsRoutes(database: TDatabase, identity: TSessionVerifier, bus: TEventBus) {
  const handlers = createStatsHandlers(database, bus);
  const { app, signedIn } = createSignedInApp(identity);
  return app
    .openapi(signedIn(DATABASE_ENDPOINTS.stats), handlers.getStats)
    .openapi(signedIn(DATABASE_ENDPOINTS.optOutRemovals), handlers.getOptOutRemovals);
}
