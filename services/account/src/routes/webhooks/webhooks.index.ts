import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';

/** Settings → Webhooks: the endpoint, its secret and the delivery log (docs/architecture.md §16). */
export function createWebhooksRoutes(runtime: TAccountRuntime) {
  const handlers = createWebhooksHandlers(runtime);
  const signedIn = requireUser(runtime.sessionVerifier);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(ACCOUNT_ENDPOINTS.webhooks, [signedIn]), handlers.getSettings)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.saveWebhook, [signedIn]), (c) =>
      handlers.saveEndpoint(c, c.req.valid('json')),
    )
    .openapi(routeOf(ACCOUNT_ENDPOINTS.deleteWebhook, [signedIn]), handlers.deleteEndpoint)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.rotateWebhookSecret, [signedIn]), handlers.rotateSecret)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.webhookDeliveries, [signedIn]), handlers.listDeliveries)
    .openapi(routeOf(ACCOUNT_ENDPOINTS.resendWebhook, [signedIn]), (c) =>
      handlers.resend(c, c.req.valid('param').deliveryId),
    );
}
