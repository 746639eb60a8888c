import type { TEventEnvelope } from '@prospector/contracts';
import { createNoStreamError, createUnavailableError } from './bus-errors.ts';
import { serializeEvent } from './envelope.ts';
import type { TNatsConnection } from './nats-connection.ts';
import { hasNoResponders } from './nats-error-causes.ts';
import { assertPublishSubject } from './subject-match.ts';

/** Stores the event on its stream, with its id as the message id so JetStream drops duplicates. */
export async function publishOnNats({ js, naming }: TNatsConnection, event: TEventEnvelope): Promise<void> {
  assertPublishSubject(event.type);
  const body = serializeEvent(event);
  try {
    await js.publish(naming.toWire(event.type), body, { msgID: event.id });
  } catch (error) {
    if (hasNoResponders(error)) throw createNoStreamError(event.type);
    throw createUnavailableError('publish', error);
  }
}
