import type { TSessionVerifier } from '@prospector/auth-client';
import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
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
  const { app, signedIn } = createSignedInApp(identity);
  return app.openapi(signedIn(EXTRACTOR_ENDPOINTS.events), handlers.stream);
}
