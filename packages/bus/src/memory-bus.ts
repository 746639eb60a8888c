import { STREAM_RETENTION, type TEventEnvelope } from '@prospector/contracts';
import { answerRequest } from './answer-request.ts';
import {
  createNoRespondersError,
  createNoStreamError,
  createTimeoutError,
  createUnavailableError,
} from './bus-errors.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, resolveConsumerOptions } from './consumer-options.ts';
import { serializeEvent } from './envelope.ts';
import { InFlightTasks, withTimeout } from './in-flight.ts';
import { deliverLive } from './live-delivery.ts';
import { consoleBusLogger, type TBusLogger } from './logger.ts';
import { createMemoryBroker, type TMemoryBroker } from './memory-broker.ts';
import { createNaming, STREAM_NAMES } from './naming.ts';
import type { TConsumerOptions, TEventBus, THandler, TLiveHandler } from './port.ts';
import { processDelivery } from './process-delivery.ts';
import { decodeReply, encodeRequest, rpcSchemasOf } from './rpc-codec.ts';
import { assertPublishSubject, assertRequestSubject, assertSubscribeSubject } from './subject-match.ts';
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
  const naming = createNaming(options.namespace);
  const logger = options.logger ?? consoleBusLogger;
  const broker = options.broker ?? createMemoryBroker();
  // The durables this bus consumes, for consumerLag().
  const durables = new Map<string, { stream: string; durable: string }>();
  const subscriptions = createSubscriptionSet();
  let available = true;
  let draining: Promise<void> | undefined;
  // Set once consumers and reply handlers have stopped, so handlers finishing during drain() can
  // still publish what they produced.
  let closed = false;

  function assertUsable(action: string): void {
    if (closed) throw createUnavailableError(`${action} after drain()`);
    if (!available) throw createUnavailableError(action);
  }

  /**
   * A consumer, listener or replier: `attach` wires it to the broker (its handlers run as `tasks`
   * and ignore deliveries once `stopping()`) and returns how to detach it; `stop()` detaches it and
   * waits for its running handlers.
   */
  function track(attach: (tasks: InFlightTasks, stopping: () => boolean) => () => void) {
    const tasks = new InFlightTasks();
    let stopping = false;
    const detach = attach(tasks, () => stopping);
    return subscriptions.track({
      async stop() {
        stopping = true;
        detach();
        await tasks.idle();
      },
    });
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

    async consume<TData>(consumerOptions: TConsumerOptions, handler: THandler<TData>) {
      if (draining) throw createUnavailableError('consume after drain()');
      const resolved = resolveConsumerOptions(consumerOptions);
      const streamName = naming.streamName(resolved.stream);
      if (!broker.hasStream(streamName)) {
        throw new Error(`Stream ${streamName} does not exist; call ensureStreams() first`);
      }
      durables.set(`${streamName}/${resolved.durable}`, { stream: streamName, durable: resolved.durable });
      const context = { options: resolved, naming, logger };
      return track((tasks, stopping) =>
        broker.attachConsumer(
          streamName,
          resolved.durable,
          {
            filterSubjects: resolved.filterSubjects.map(naming.toWire),
            ackWaitMs: resolved.ackWaitMs,
            maxDeliver: resolved.maxDeliver,
            // Mirrors the NATS consumer: at most `concurrency` unacknowledged messages, so a failed
            // message is retried before later ones and order per subject holds.
            maxAckPending: resolved.concurrency,
          },
          {
            canAccept: () => available && !stopping() && tasks.size < resolved.concurrency,
            dispatch: (delivery, controls) => {
              tasks.run(
                () => processDelivery(delivery, controls, handler, context),
                () => broker.wake(),
              );
            },
          },
        ),
      );
    },

    async subscribe<TData>(subjects: string[], handler: TLiveHandler<TData>) {
      if (draining) throw createUnavailableError('subscribe after drain()');
      for (const subject of subjects) assertSubscribeSubject(subject);
      return track((tasks, stopping) =>
        broker.addListener(subjects.map(naming.toWire), (wireSubject, body) => {
          // A disconnected client hears nothing; live subscriptions do not catch up.
          if (!available || stopping()) return;
          tasks.run(() => deliverLive(body, naming.fromWire(wireSubject), handler, logger));
        }),
      );
    },

    async request(subject, data, requestOptions) {
      assertUsable('request');
      assertRequestSubject(subject);
      const body = encodeRequest(subject, data);
      const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const replier = broker.findReplier(naming.toWire(subject));
      if (!replier) throw createNoRespondersError(subject);
      const answer = await withTimeout(replier.answer(body), timeoutMs, () =>
        createTimeoutError(subject, timeoutMs),
      );
      return decodeReply(subject, answer);
    },

    async reply(subject, handler) {
      if (draining) throw createUnavailableError('reply after drain()');
      assertRequestSubject(subject);
      rpcSchemasOf(subject);
      return track((tasks, stopping) =>
        broker.addReplier(naming.toWire(subject), {
          isReachable: () => available && !stopping(),
          answer: (body) =>
            new Promise<string>((resolve) => {
              tasks.run(async () => resolve(await answerRequest(body, subject, handler, logger)));
            }),
        }),
      );
    },

    async isHealthy() {
      return available && !closed;
    },

    drain() {
      draining ??= (async () => {
        await subscriptions.stopAll();
        closed = true;
      })();
      return draining;
    },
  };
}
