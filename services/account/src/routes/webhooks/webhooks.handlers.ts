import type { TWebhookEndpointUpdate, TWebhookSettings } from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { checkEndpointUrl } from '../../webhooks/endpoint-url.ts';
import {
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  resendDelivery,
  rotateSecret,
  saveEndpoint,
} from '../../webhooks/webhook-store.ts';

/** The signed-in user's webhook endpoint and delivery log; every handler acts on the session's user. */
export function createWebhooksHandlers(runtime: TAccountRuntime) {
  const { db } = runtime.database;
  const { config, worker } = runtime.webhooks;
  const userIdOf = (c: TUserContext) => c.get('user').userId;
  return {
    getSettings: async (c: TUserContext) =>
      c.json({ endpoint: await getEndpoint(db, userIdOf(c)) } satisfies TWebhookSettings, 200),

    async saveEndpoint(c: TUserContext, body: TWebhookEndpointUpdate) {
      const url = await checkEndpointUrl(body.url, config);
      return c.json(
        { endpoint: await saveEndpoint(db, userIdOf(c), url.href) } satisfies TWebhookSettings,
        200,
      );
    },

    rotateSecret: async (c: TUserContext) =>
      c.json({ endpoint: await rotateSecret(db, userIdOf(c)) } satisfies TWebhookSettings, 200),

    async deleteEndpoint(c: TUserContext) {
      await deleteEndpoint(db, userIdOf(c));
      return c.body(null, 204);
    },

    listDeliveries: async (c: TUserContext) =>
      c.json({ deliveries: await listDeliveries(db, userIdOf(c)) }, 200),

    async resend(c: TUserContext, deliveryId: string) {
      const delivery = await resendDelivery(db, userIdOf(c), deliveryId);
      worker.kick();
      return c.json(delivery, 202);
    },
  };
}
