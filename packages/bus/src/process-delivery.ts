import { EVENT_DATA, type TEventEnvelope } from '@prospector/contracts';
import { retryDelayMs, type TResolvedConsumerOptions } from './consumer-options.ts';
import { describeIssues, parseEventBody } from './envelope.ts';
import { describeError, type TBusLogger } from './logger.ts';
import type { TNaming } from './naming.ts';
import type { THandler } from './port.ts';

/** What an adapter can do with one delivered message. */
export interface TDeliveryControls {
  ack(): void;
  /** Restarts the ack wait (an in-progress ack). */
  working(): void;
  nak(delayMs: number): void;
  term(reason: string): void;
}

export interface TRawDelivery {
  wireSubject: string;
  body: string;
  deliveryCount: number;
}

export interface TDeliveryContext {
  options: TResolvedConsumerOptions;
  naming: TNaming;
  logger: TBusLogger;
}

/** The data parsed by its type's schema in `EVENT_DATA`; a type the table does not name passes as it came. */
function parseEventData(
  subject: string,
  data: unknown,
): { ok: true; data: unknown } | { ok: false; reason: string } {
  if (!Object.hasOwn(EVENT_DATA, subject)) return { ok: true, data };
  const parsed = EVENT_DATA[subject as keyof typeof EVENT_DATA].safeParse(data);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, reason: describeIssues(parsed.error.issues) };
}

/**
 * One delivery, handled the same way by both adapters: poison (malformed or over-delivered)
 * messages are terminated and logged; an event whose data its type's schema refuses can never be
 * handled, so it is logged and acknowledged here, once, for every consumer; a handler that resolves acks, one that throws naks with a
 * growing delay until its last allowed delivery, after which the message is terminated and logged.
 */
export async function processDelivery<TData>(
  raw: TRawDelivery,
  controls: TDeliveryControls,
  handler: THandler<TData>,
  { options, naming, logger }: TDeliveryContext,
): Promise<void> {
  const subject = naming.fromWire(raw.wireSubject);
  const { deliveryCount } = raw;
  const fields = { stream: options.stream, durable: options.durable, subject, deliveryCount };
  if (deliveryCount > options.maxDeliver) {
    controls.term('max deliveries exceeded');
    logger.error('Message delivered more often than maxDeliver allows; terminated', {
      ...fields,
      maxDeliver: options.maxDeliver,
    });
    return;
  }
  const parsed = parseEventBody(raw.body);
  if (!parsed.ok) {
    controls.term('malformed event envelope');
    logger.error('Malformed event terminated instead of retried', { ...fields, reason: parsed.reason });
    return;
  }
  const data = parseEventData(subject, parsed.event.data);
  if (!data.ok) {
    controls.ack();
    logger.error('Malformed event data acknowledged without handling', {
      ...fields,
      eventId: parsed.event.id,
      reason: data.reason,
    });
    return;
  }
  const event = { ...parsed.event, data: data.data } as TEventEnvelope<TData>;
  let settled = false;
  const working = () => {
    if (!settled) controls.working();
  };
  try {
    try {
      await handler({ subject, event, deliveryCount, working });
    } finally {
      settled = true;
    }
    controls.ack();
  } catch (error) {
    const failure = { ...fields, eventId: event.id, error: describeError(error) };
    if (deliveryCount >= options.maxDeliver) {
      controls.term('handler failed on the last allowed delivery');
      logger.error('Handler failed on the last allowed delivery; event given up', {
        ...failure,
        maxDeliver: options.maxDeliver,
      });
      return;
    }
    const delayMs = retryDelayMs(deliveryCount);
    controls.nak(delayMs);
    logger.warn('Handler failed; event will be redelivered', { ...failure, retryInMs: delayMs });
  }
}
