import { z } from 'zod';

/**
 * Outgoing webhooks (docs/architecture.md §16): one endpoint per user, signed per the Standard Webhooks
 * spec (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with backoff for a day.
 */
export const WEBHOOK_EVENT_TYPES = [
  'run.completed',
  'run.failed',
  'credits.low',
  'extraction.opted_out',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, for the Settings page and the docs. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<TWebhookEventType, string> = {
  'run.completed': 'An extraction run finished.',
  'run.failed': 'An extraction run ended with every account in error.',
  'credits.low': 'A capture left you with 10 credits or fewer.',
  'extraction.opted_out': 'Saved records were removed because their owner opted out.',
};

/** The body of every webhook request (Standard Webhooks' recommended shape). */
export const ZWebhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayloadSchema>;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_URL_REQUIRED_MESSAGE = 'Please enter the URL of your webhook endpoint';
export const WEBHOOK_URL_INVALID_MESSAGE =
  'Please enter a valid URL, for example https://example.com/webhooks';

/** `PUT /api/account/webhooks`: sets the endpoint (a secret is generated the first time). */
export const ZWebhookEndpointUpdateSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, WEBHOOK_URL_REQUIRED_MESSAGE)
    .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_URL_INVALID_MESSAGE)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, WEBHOOK_URL_INVALID_MESSAGE),
});
export type TWebhookEndpointUpdate = z.infer<typeof ZWebhookEndpointUpdateSchema>;

/** The signed-in user's endpoint; the secret (`whsec_…`) verifies signatures. */
export const ZWebhookEndpointSchema = z.object({
  url: z.string(),
  secret: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;

/** `GET /api/account/webhooks`: null until an endpoint is set. */
export const ZWebhookSettingsSchema = z.object({ endpoint: ZWebhookEndpointSchema.nullable() });
export type TWebhookSettings = z.infer<typeof ZWebhookSettingsSchema>;

/** pending: waiting for its first or next attempt; failed: given up after a day of retries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One message to the endpoint and how its attempts went. The id is the `webhook-id` header. */
export const ZWebhookDeliverySchema = z.object({
  id: z.uuid(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** The HTTP status of the last attempt; null before one, or when none was received. */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed without a status (refused address, timeout, connection error). */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

/** `GET /api/account/webhooks/deliveries`: the newest deliveries first. */
export const ZWebhookDeliveryListSchema = z.object({ deliveries: z.array(ZWebhookDeliverySchema) });
export const WEBHOOK_DELIVERY_LIST_LIMIT = 50;
