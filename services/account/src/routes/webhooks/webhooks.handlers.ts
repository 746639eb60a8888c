import { ownerKeyOf } from '@prospector/auth-client';
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

/** The session's workspace's webhook endpoint and delivery log; the workspace comes from the session only. */
export function createWebhooksHandlers(runtime: TAccountRuntime) {
  const { db } = runtime.database;
  const { config, worker } = runtime.webhooks;
  const ownerOf = (c: TUserContext) => ownerKeyOf(c.get('user'));
  return {
    getSettings: async (c: TUserContext) =>
      c.json({ endpoint: await getEndpoint(db, ownerOf(c)) } satisfies TWebhookSettings, 200),

    async saveEndpoint(c: TUserContext, body: TWebhookEndpointUpdate) {
      const url = await checkEndpointUrl(body.url, config);
      return c.json(
        {
          endpoint: await saveEndpoint(db, { ownerKey: ownerOf(c), userId: c.get('user').userId }, url.href),
        } satisfies TWebhookSettings,
        200,
      );
    },

    rotateSecret: async (c: TUserContext) =>
      c.json({ endpoint: await rotateSecret(db, ownerOf(c)) } satisfies TWebhookSettings, 200),

    async deleteEndpoint(c: TUserContext) {
      await deleteEndpoint(db, ownerOf(c));
      return c.body(null, 204);
    },

    listDeliveries: async (c: TUserContext) =>
      c.json({ deliveries: await listDeliveries(db, ownerOf(c)) }, 200),

    async resend(c: TUserContext, deliveryId: string) {
      const delivery = await resendDelivery(db, ownerOf(c), deliveryId);
      worker.kick();
      return c.json(delivery, 202);
    },
  };
}
