import { requireUser, type TUserVariables } from '@prospector/auth-client';
import { ACCOUNT_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createWebhooksHandlers } from './webhooks.handlers.ts';
import { deliveryParams, webhookEndpointBody } from './webhooks.routes.ts';

/** Settings → Webhooks: the endpoint, its secret and the delivery log (docs/architecture.md §16). */
export function createWebhooksRoutes(runtime: TAccountRuntime) {
  const handlers = createWebhooksHandlers(runtime);
  const signedIn = requireUser(runtime.sessionVerifier);
  return new Hono<{ Variables: TUserVariables }>()
    .get(ACCOUNT_PATHS.webhooks, signedIn, handlers.getSettings)
    .put(ACCOUNT_PATHS.webhooks, signedIn, webhookEndpointBody, (c) =>
      handlers.saveEndpoint(c, c.req.valid('json')),
    )
    .delete(ACCOUNT_PATHS.webhooks, signedIn, handlers.deleteEndpoint)
    .post(ACCOUNT_PATHS.webhookSecret, signedIn, handlers.rotateSecret)
    .get(ACCOUNT_PATHS.webhookDeliveries, signedIn, handlers.listDeliveries)
    .post(ACCOUNT_PATHS.webhookResend, signedIn, deliveryParams, (c) =>
      handlers.resend(c, c.req.valid('param').deliveryId),
    );
}
