import { STREAM_RETENTION, type TEventEnvelope } from '@prospector/contracts';
import { createNoStreamError, createUnavailableError } from './bus-errors.ts';
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
import { createSubscriptionSet } from './subscription-set.ts';

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
  // The durables this bus consumes, for consumerLag().
  const durables = new Map<string, { stream: string; durable: string }>();
  const subscriptions = createSubscriptionSet();
  let draining: Promise<void> | undefined;
  // Set once consumers and reply handlers have stopped, so handlers finishing during drain() can
  // still publish what they produced.
  let closed = false;

  function assertUsable(action: string): void {
    if (closed) throw createUnavailableError(`${action} after drain()`);
    if (!available) throw createUnavailableError(action);
  }

  /** No new consumers, subscriptions or repliers once drain() has begun. */
  function assertNotDraining(action: string): void {
    if (draining) throw createUnavailableError(`${action} after drain()`);
  }

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
      return [...durables.values()].flatMap(({ stream, durable }) => {
        const lag = broker.consumerLag(stream, durable);
        return lag ? [{ stream, durable, ...lag }] : [];
      });
    },
    async consume(consumerOptions: TConsumerOptions, handler: THandler) {
      assertNotDraining('consume');
      const resolved = resolveConsumerOptions(consumerOptions);
      const subscription = startMemoryConsumer(connection, resolved, handler);
      const stream = naming.streamName(resolved.stream);
      durables.set(`${stream}/${resolved.durable}`, { stream, durable: resolved.durable });
      return subscriptions.track(subscription);
    },
    async subscribe(subjects, handler) {
      assertNotDraining('subscribe');
      return subscriptions.track(subscribeLiveInMemory(connection, subjects, handler));
    },
    async request(subject, data, requestOptions) {
      assertUsable('request');
      return requestInMemory(connection, subject, data, requestOptions);
    },
    async reply(subject, handler) {
      assertNotDraining('reply');
      return subscriptions.track(replyInMemory(connection, subject, handler));
    },
    isHealthy: async () => available && !closed,
    drain() {
      draining ??= (async () => {
        await subscriptions.stopAll();
        closed = true;
      })();
      return draining;
    },
  };
}
