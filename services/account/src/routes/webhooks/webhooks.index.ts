import { requireRole } from '@prospector/auth-client';
import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';

/**
 * Settings → Webhooks: the workspace's endpoint, its secret and the delivery log (docs/architecture.md
 * §16, §17). All of it is an admin's: the settings show the signing secret.
 */
export function createWebhooksRoutes(runtime: TAccountRuntime) {
  const handlers = createWebhooksHandlers(runtime);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  const admin = [requireRole('admin')];
  return app
    .openapi(signedIn(ACCOUNT_ENDPOINTS.webhooks, admin), handlers.getSettings)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.saveWebhook, admin), (c) =>
      handlers.saveEndpoint(c, c.req.valid('json')),
    )
    .openapi(signedIn(ACCOUNT_ENDPOINTS.deleteWebhook, admin), handlers.deleteEndpoint)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.rotateWebhookSecret, admin), handlers.rotateSecret)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.webhookDeliveries, admin), handlers.listDeliveries)
    .openapi(signedIn(ACCOUNT_ENDPOINTS.resendWebhook, admin), (c) =>
      handlers.resend(c, c.req.valid('param').deliveryId),
    );
}
