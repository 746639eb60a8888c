import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createEventsHandlers } from './events.handlers.ts';

/** `GET /api/account/events`: Server-Sent Events for the signed-in user (docs/product.md §4 realtime). */
export function createEventsRoutes(runtime: TAccountRuntime) {
  const handlers = createEventsHandlers(runtime);
  return new Hono<{ Variables: TUserVariables }>().get(
    ACCOUNT_PATHS.events,
    requireUser(runtime.sessionVerifier),
    handlers.stream,
  );
}
