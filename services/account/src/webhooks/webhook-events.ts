import type { TEventBus, TEventDelivery, TSubscription } from '@prospector/bus';
import { LOW_CREDITS_THRESHOLD, type TWebhookEventType } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { enqueueDelivery } from './webhook-store.ts';

type TSourceType = 'extractions.run-finished' | 'extractions.opted-out' | 'credits.captured';
type TWebhookSource = TEventDelivery<TSourceType>;

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
export function webhookMessageOf({ type, data }: TWebhookSource['event']): TWebhookMessage | null {
  switch (type) {
    case 'extractions.run-finished':
      if (data.run.status === 'completed') return { eventType: 'run.completed', data };
      if (data.run.status === 'failed') return { eventType: 'run.failed', data };
      return null;
    case 'credits.captured': {
      const { balance, amount, available } = data;
      if (balance > LOW_CREDITS_THRESHOLD || balance + amount <= LOW_CREDITS_THRESHOLD) return null;
      return { eventType: 'credits.low', data: { balance, available, threshold: LOW_CREDITS_THRESHOLD } };
    }
    case 'extractions.opted-out':
      return { eventType: 'extraction.opted_out', data };
  }
}

/** Turns a bus event into a waiting message for the user's endpoint, then wakes the sender. */
export function handleWebhookSource(database: TDatabase, onEnqueued: () => void) {
  return async ({ event }: TWebhookSource) => {
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
  ] as const;
  return Promise.all(
    sources.map(({ durable, stream, subject }) =>
      bus.consume<TSourceType>({ durable, stream, filterSubjects: [subject], concurrency: 4 }, handler),
    ),
  );
}
