import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';

/** Settings → Webhooks: the endpoint, its secret and the delivery log (docs/architecture.md §16). */
export function createWebhooksRoutes(runtime: TAccountRuntime) {
  const handlers = createWebhooksHandlers(runtime);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  return app
    .openapi(signedIn(ACCOUNT_ENDPOINTS.webhooks), handlers.getSettings)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.saveWebhook), (c) => handlers.saveEndpoint(c, c.req.valid('json')))
    .openapi(signedIn(ACCOUNT_ENDPOINTS.deleteWebhook), handlers.deleteEndpoint)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.rotateWebhookSecret), handlers.rotateSecret)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.webhookDeliveries), handlers.listDeliveries)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.resendWebhook), (c) =>
      handlers.resend(c, c.req.valid('param').deliveryId),
    );
}
