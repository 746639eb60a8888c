import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createEventsHandlers } from './events.handlers.ts';

/** `GET /api/account/events`: Server-Sent Events for the signed-in user (docs/product.md §4 realtime). */
export function createEventsRoutes(runtime: TAccountRuntime) {
  const handlers = createEventsHandlers(runtime);
  return createEndpointApp<{ Variables: TUserVariables }>().openapi(
    routeOf(ACCOUNT_ENDPOINTS.events, [requireUser(runtime.sessionVerifier)]),
    handlers.stream,
  );
}
