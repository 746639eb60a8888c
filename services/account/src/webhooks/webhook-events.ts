import type { TDelivery, TEventBus, TSubscription } from '@prospector/bus';
import {
  EVENT_DATA,
  LOW_CREDITS_THRESHOLD,
  type TEventEnvelope,
  type TWebhookEventType,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { enqueueDelivery } from './webhook-store.ts';

/** The webhook message a bus event becomes, if any. */
export interface TWebhookMessage {
  eventType: TWebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Which bus events are webhooks: a run that ended completed or failed (a cancelled one was the user's
 * own doing), a capture that took the balance from above the low-credits threshold to it or below
 * (once per crossing; a grant or refund above it and a later capture cross it again), and records
 * removed after an opt-out. Pure, so the rules are tested alone.
 */
export function webhookMessageOf(event: TEventEnvelope): TWebhookMessage | null {
  switch (event.type) {
    case 'extractions.run-finished': {
      const { run } = EVENT_DATA['extractions.run-finished'].parse(event.data);
      if (run.status === 'completed') return { eventType: 'run.completed', data: { run } };
      if (run.status === 'failed') return { eventType: 'run.failed', data: { run } };
      return null;
    }
    case 'credits.captured': {
      const change = EVENT_DATA['credits.captured'].parse(event.data);
      const before = change.balance + change.amount;
      if (change.balance > LOW_CREDITS_THRESHOLD || before <= LOW_CREDITS_THRESHOLD) return null;
      return {
        eventType: 'credits.low',
        data: { balance: change.balance, available: change.available, threshold: LOW_CREDITS_THRESHOLD },
      };
    }
    case 'extractions.opted-out': {
      const { extractionIds } = EVENT_DATA['extractions.opted-out'].parse(event.data);
      return { eventType: 'extraction.opted_out', data: { extractionIds } };
    }
    default:
      return null;
  }
}

/** Turns a bus event into a waiting message for the user's endpoint, then wakes the sender. */
export function handleWebhookSource(database: TDatabase, onEnqueued: () => void) {
  return async ({ event }: TDelivery) => {
    if (!event.userId) return;
    const message = webhookMessageOf(event);
    if (!message) return;
    const written = await enqueueDelivery(database.db, {
      userId: event.userId,
      eventType: message.eventType,
      sourceEventId: event.id,
      occurredAt: event.occurredAt,
      data: message.data,
    });
    if (written) onEnqueued();
  };
}

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
  const sources = [
    { durable: 'account-webhooks-run-finished', stream: 'EXTRACTIONS', subject: 'extractions.run-finished' },
    { durable: 'account-webhooks-opted-out', stream: 'EXTRACTIONS', subject: 'extractions.opted-out' },
    { durable: 'account-webhooks-credits-captured', stream: 'CREDITS', subject: 'credits.captured' },
  ];
  return Promise.all(
    sources.map(({ durable, stream, subject }) =>
      bus.consume({ durable, stream, filterSubjects: [subject], concurrency: 4 }, handler),
    ),
  );
}
