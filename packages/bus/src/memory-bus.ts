import { STREAM_RETENTION, type TEventEnvelope } from '@prospector/contracts';
import { createNoStreamError } from './bus-errors.ts';
import { createBusLifecycle } from './bus-lifecycle.ts';
import { resolveConsumerOptions } from './consumer-options.ts';
import { serializeEvent } from './envelope.ts';
import { consoleBusLogger, type TBusLogger } from './logger.ts';
import {
  replyInMemory,
  requestInMemory,
  startMemoryConsumer,
  subscribeLiveInMemory,
  type TMemoryConnection,
} from './memory-attach.ts';
import { createMemoryBroker, type TMemoryBroker } from './memory-broker.ts';
import { createNaming, STREAM_NAMES } from './naming.ts';
import type { TConsumerOptions, TEventBus, THandler } from './port.ts';
import { assertPublishSubject } from './subject-match.ts';

export interface TMemoryBusOptions {
  /** Prefix for streams and subjects; only matters between buses sharing one `broker`. */
  namespace?: string;
  logger?: TBusLogger;
  /** Share one broker between buses (several services in one process); each bus gets its own otherwise. */
  broker?: TMemoryBroker;
}

export interface TMemoryBus extends TEventBus {
  readonly kind: 'memory';
  /**
   * Simulates losing (false) and regaining (true) the connection: while unavailable, publish and
   * request reject, `isHealthy()` is false, this bus's consumers get nothing and its reply handlers
   * are unreachable. Messages published meanwhile by others wait in their streams.
   */
  setAvailable(available: boolean): void;
}

/** The in-process adapter for embedded mode and tests: the NATS adapter's semantics, no server. */
export function createMemoryBus(options: TMemoryBusOptions = {}): TMemoryBus {
  let available = true;
  const connection: TMemoryConnection = {
    broker: options.broker ?? createMemoryBroker(),
    naming: createNaming(options.namespace),
    logger: options.logger ?? consoleBusLogger,
    isAvailable: () => available,
  };
  const { broker, naming } = connection;
  const lifecycle = createBusLifecycle();
  const assertUsable = (action: string) => lifecycle.assertUsable(action, available);

  return {
    kind: 'memory',
    setAvailable(next) {
      available = next;
      if (next) broker.wake();
    },
    async ensureStreams() {
      assertUsable('ensureStreams');
      for (const stream of STREAM_NAMES) {
        broker.ensureStream(
          naming.streamName(stream),
          naming.streamSubjects(stream),
          STREAM_RETENTION[stream],
        );
      }
    },
    async publish(event: TEventEnvelope) {
      assertUsable('publish');
      assertPublishSubject(event.type);
      const body = serializeEvent(event);
      if (!broker.publish(naming.toWire(event.type), event.id, body)) throw createNoStreamError(event.type);
    },
    async consumerLag() {
      return [...lifecycle.durables()].flatMap(({ stream, durable }) => {
        const lag = broker.consumerLag(stream, durable);
        return lag ? [{ stream, durable, ...lag }] : [];
      });
    },
    async consume(consumerOptions: TConsumerOptions, handler: THandler) {
      lifecycle.assertNotDraining('consume');
      const resolved = resolveConsumerOptions(consumerOptions);
      const subscription = startMemoryConsumer(connection, resolved, handler);
      return lifecycle.track(subscription, { ...resolved, stream: naming.streamName(resolved.stream) });
    },
    async subscribe(subjects, handler) {
      lifecycle.assertNotDraining('subscribe');
      return lifecycle.track(subscribeLiveInMemory(connection, subjects, handler));
    },
    async request(subject, data, requestOptions) {
      assertUsable('request');
      return requestInMemory(connection, subject, data, requestOptions);
    },
    async reply(subject, handler) {
      lifecycle.assertNotDraining('reply');
      return lifecycle.track(replyInMemory(connection, subject, handler));
    },
    isHealthy: async () => available && !lifecycle.isClosed(),
    drain: () => lifecycle.drain(),
  };
}
