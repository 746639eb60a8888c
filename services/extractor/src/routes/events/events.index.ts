import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { EXTRACTOR_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TRunEngine } from '../../runs/run-engine.ts';
import type { TRunLiveHub } from '../../runs/run-live-hub.ts';
import { createEventsHandlers } from './events.handlers.ts';
import { HEARTBEAT_INTERVAL_MS } from './events.routes.ts';

/** `GET /api/extractor/events`: Server-Sent Events of the signed-in user's runs. */
export function createEventsRoutes(
  engine: TRunEngine,
  hub: TRunLiveHub,
  identity: TSessionVerifier,
  heartbeatMs = HEARTBEAT_INTERVAL_MS,
) {
  const handlers = createEventsHandlers(engine, hub, heartbeatMs);
  return new Hono<{ Variables: TUserVariables }>().get(
    EXTRACTOR_PATHS.events,
    requireUser(identity),
    handlers.stream,
  );
}
