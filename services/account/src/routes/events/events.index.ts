import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createEventsHandlers } from './events.handlers.ts';

/** `GET /api/account/events`: Server-Sent Events for the signed-in user (docs/product.md §4 realtime). */
export function createEventsRoutes(runtime: TAccountRuntime) {
  const handlers = createEventsHandlers(runtime);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  return app.openapi(signedIn(ACCOUNT_ENDPOINTS.events), handlers.stream);
}
