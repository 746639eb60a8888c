import type { TEventBus, TEventDelivery, TSubscription } from '@prospector/bus';
import {
  eventOwnerKey,
  LOW_CREDITS_THRESHOLD,
  type TEventData,
  type TWebhookData,
  type TWebhookEventType,
  type TWebhookPayload,
  type TWebhookSourceType,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { enqueueDelivery } from './webhook-store.ts';

type TWebhookSource = TEventDelivery<TWebhookSourceType>;

/** The webhook message a bus event becomes: an event type and exactly that type's `data`. */
export type TWebhookMessage = {
  [TType in TWebhookEventType]: { eventType: TType; data: TWebhookData<TType> };
}[TWebhookEventType];

/**
 * When each event type is sent, from its source event's data (`WEBHOOK_EVENTS` names the source): a run
 * that ended completed or failed (a cancelled one was the user's own doing), a capture that took the
 * balance from above the low-credits threshold to it or below (once per crossing; a grant or refund above
 * it and a later capture cross it again), and records removed after an opt-out. Pure, so the rules are
 * tested alone.
 */
const WEBHOOK_RULES: {
  [TType in TWebhookEventType]: (
    data: TEventData<(typeof WEBHOOK_EVENTS)[TType]['source']>,
  ) => TWebhookData<TType> | null;
} = {
  'run.completed': (data) => (data.run.status === 'completed' ? data : null),
  'run.failed': (data) => (data.run.status === 'failed' ? data : null),
  'credits.low': ({ balance, amount, available }) =>
    balance > LOW_CREDITS_THRESHOLD || balance + amount <= LOW_CREDITS_THRESHOLD
      ? null
      : { balance, available, threshold: LOW_CREDITS_THRESHOLD },
  'extraction.opted_out': (data) => data,
};

/** The webhook message a bus event becomes, if any. */
export function webhookMessageOf(event: TWebhookSource['event']): TWebhookMessage | null {
  for (const eventType of WEBHOOK_EVENT_TYPES) {
    if (WEBHOOK_EVENTS[eventType].source !== event.type) continue;
    const rule = WEBHOOK_RULES[eventType] as (
      data: TWebhookSource['event']['data'],
    ) => TWebhookMessage['data'] | null;
    const data = rule(event.data);
    if (data) return { eventType, data } as TWebhookMessage;
  }
  return null;
}

/** The body the receiver gets: the Standard Webhooks shape, typed by the message's event type. */
export function webhookPayloadOf(message: TWebhookMessage, occurredAt: string): TWebhookPayload {
  return { type: message.eventType, timestamp: occurredAt, data: message.data } as TWebhookPayload;
}

/** Turns a bus event into a waiting message for its workspace's endpoint, then wakes the sender. */
export function handleWebhookSource(database: TDatabase, onEnqueued: () => void) {
  return async ({ event }: TWebhookSource) => {
    // The workspace's endpoint hears every member's events (docs/architecture.md §17).
    const ownerKey = eventOwnerKey(event);
    if (!ownerKey) return;
    const message = webhookMessageOf(event);
    if (!message) return;
    const written = await enqueueDelivery(database.db, {
      ownerKey,
      userId: event.userId ?? undefined,
      sourceEventId: event.id,
      payload: webhookPayloadOf(message, event.occurredAt),
    });
    if (written) onEnqueued();
  };
}

/** Where each source event is read from: its stream and the durable consumer's name (kept as deployed). */
const SOURCE_CONSUMERS: Record<TWebhookSourceType, { stream: string; durable: string }> = {
  'extractions.run-finished': { stream: 'EXTRACTIONS', durable: 'account-webhooks-run-finished' },
  'extractions.opted-out': { stream: 'EXTRACTIONS', durable: 'account-webhooks-opted-out' },
  'credits.captured': { stream: 'CREDITS', durable: 'account-webhooks-credits-captured' },
};

/**
 * Durable consumers of the events webhooks tell about (docs/architecture.md §16), one subject each: a
 * server before NATS 2.10 filters on one subject only, and the others of the stream (every recorded
 * profile) should not all travel to this service to be dropped.
 */
export async function consumeWebhookSources(
  database: TDatabase,
  bus: TEventBus,
  onEnqueued: () => void,
): Promise<TSubscription[]> {
  const handler = handleWebhookSource(database, onEnqueued);
  return Promise.all(
    (Object.entries(SOURCE_CONSUMERS) as [TWebhookSourceType, { stream: string; durable: string }][]).map(
      ([subject, { durable, stream }]) =>
        bus.consume<TWebhookSourceType>(
          { durable, stream, filterSubjects: [subject], concurrency: 4 },
          handler,
        ),
    ),
  );
}
