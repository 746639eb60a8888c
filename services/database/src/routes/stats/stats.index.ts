import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_PATHS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { Hono } from 'hono';
import { createStatsHandlers } from './stats.handlers.ts';

/** The signed-in user's extraction figures, and the records removed after opt-outs. */
export function createStatsRoutes(database: TDatabase, identity: TSessionVerifier) {
  const handlers = createStatsHandlers(database);
  return new Hono<{ Variables: TUserVariables }>()
    .get(DATABASE_PATHS.stats, requireUser(identity), handlers.getStats)
    .get(DATABASE_PATHS.optOutRemovals, requireUser(identity), handlers.getOptOutRemovals);
}
