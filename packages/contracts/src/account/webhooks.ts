import { z } from 'zod';
import { LOW_CREDITS_THRESHOLD } from '../billing/credits.ts';
import { EVENT_DATA, type TEventType } from '../event-types.ts';

/**
 * Outgoing webhooks (docs/architecture.md §16): one endpoint per user, signed per the Standard Webhooks
 * spec (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with backoff for a day.
 *
 * Each event type is one entry: the bus event it comes from, what it means, and the schema of its
 * `data`. The account service's consumers and sender, the OpenAPI document's `webhooks` section and the
 * reference page's examples all read this table.
 */
export const WEBHOOK_EVENTS = {
  'run.completed': {
    source: 'extractions.run-finished',
    description: 'An extraction run finished.',
    data: EVENT_DATA['extractions.run-finished'],
  },
  'run.failed': {
    source: 'extractions.run-finished',
    description: 'An extraction run ended with every account in error.',
    data: EVENT_DATA['extractions.run-finished'],
  },
  'credits.low': {
    source: 'credits.captured',
    description: 'A capture left you with 10 credits or fewer.',
    data: z.object({
      balance: z.number().int().describe('Credits left.'),
      available: z.number().int().describe('Credits left less what running extractions hold.'),
      threshold: z.literal(LOW_CREDITS_THRESHOLD).describe('The level that was crossed.'),
    }),
  },
  'extraction.opted_out': {
    source: 'extractions.opted-out',
    description: 'Saved records were removed because their owner opted out.',
    data: EVENT_DATA['extractions.opted-out'],
  },
} as const satisfies Record<string, { source: TEventType; description: string; data: z.ZodObject }>;

export type TWebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [TWebhookEventType, ...TWebhookEventType[]];

/** The bus events webhooks are made from. */
export type TWebhookSourceType = (typeof WEBHOOK_EVENTS)[TWebhookEventType]['source'];

/** What each event means, for the Settings page and the docs. */
export const WEBHOOK_EVENT_DESCRIPTIONS = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, WEBHOOK_EVENTS[type].description]),
) as Record<TWebhookEventType, string>;

/** The `data` of one event type, as the receiver parses it. */
export type TWebhookData<TType extends TWebhookEventType> = z.output<(typeof WEBHOOK_EVENTS)[TType]['data']>;

/** The body of one event type's request (Standard Webhooks' recommended shape). */
const payloadSchemaOf = <TType extends TWebhookEventType>(type: TType) =>
  z.object({
    type: z.literal(type),
    timestamp: z.iso.datetime().describe('When the event happened.'),
    data: WEBHOOK_EVENTS[type].data as (typeof WEBHOOK_EVENTS)[TType]['data'],
  });

/** Each event type's request body, by type. */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'run.completed': payloadSchemaOf('run.completed'),
  'run.failed': payloadSchemaOf('run.failed'),
  'credits.low': payloadSchemaOf('credits.low'),
  'extraction.opted_out': payloadSchemaOf('extraction.opted_out'),
} satisfies { [TType in TWebhookEventType]: ReturnType<typeof payloadSchemaOf<TType>> };

/** The body of every webhook request, whichever its type. */
export const ZWebhookPayloadSchema = z.discriminatedUnion(
  'type',
  Object.values(WEBHOOK_PAYLOAD_SCHEMAS) as [
    (typeof WEBHOOK_PAYLOAD_SCHEMAS)[TWebhookEventType],
    ...(typeof WEBHOOK_PAYLOAD_SCHEMAS)[TWebhookEventType][],
  ],
);
export type TWebhookPayload = {
  [TType in TWebhookEventType]: z.output<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[TType]>;
}[TWebhookEventType];

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
  /**
   * The member whose action produced it (a run's starter), when the event names one and they are still
   * a user; the workspace's endpoint hears every member's events (optional for older account services).
   */
  member: z.object({ userId: z.string(), name: z.string() }).nullable().optional(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

/** `GET /api/account/webhooks/deliveries`: the newest deliveries first. */
export const ZWebhookDeliveryListSchema = z.object({ deliveries: z.array(ZWebhookDeliverySchema) });
export const WEBHOOK_DELIVERY_LIST_LIMIT = 50;
