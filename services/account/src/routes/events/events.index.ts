import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createEventsHandlers } from './events.handlers.ts';
import { EVENTS_PATH } from './events.routes.ts';

/** `GET /api/account/events`: Server-Sent Events for the signed-in user (docs/product.md §4 realtime). */
export function createEventsRoutes(runtime: TAccountRuntime) {
  const handlers = createEventsHandlers(runtime);
  return new Hono<{ Variables: TUserVariables }>().get(
    EVENTS_PATH,
    requireUser(runtime.sessionVerifier),
    handlers.stream,
  );
}
