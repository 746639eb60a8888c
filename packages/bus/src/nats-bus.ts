import {
  JetStreamApiCodes,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  connect,
  type NatsConnection,
  NoRespondersError,
  nanos,
  RequestError,
  TimeoutError,
} from '@nats-io/transport-node';
import { STREAM_RETENTION, type TEventEnvelope } from '@prospector/contracts';
import { answerRequest } from './answer-request.ts';
import {
  createNoRespondersError,
  createNoStreamError,
  createTimeoutError,
  createUnavailableError,
  readReplyBody,
} from './bus-errors.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  DUPLICATE_WINDOW_MS,
  resolveConsumerOptions,
} from './consumer-options.ts';
import { serializeEvent } from './envelope.ts';
import { InFlightTasks } from './in-flight.ts';
import { deliverLive } from './live-delivery.ts';
import { consoleBusLogger, describeError, type TBusLogger } from './logger.ts';
import { createNaming, STREAM_NAMES, type TNaming } from './naming.ts';
import { isApiError, startNatsConsumer } from './nats-consumer.ts';
import type { TEventBus, TLiveHandler } from './port.ts';
import { assertPublishSubject, assertRequestSubject, assertSubscribeSubject } from './subject-match.ts';
import { createSubscriptionSet } from './subscription-set.ts';

export interface TNatsBusOptions {
  url: string;
  /** Prefix for stream names (`ns_ACCOUNTS`) and subjects (`ns.accounts.created`). */
  namespace?: string;
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
  logger?: TBusLogger;
}

/** Every reply handler of a subject joins this queue group, so one instance answers each request. */
const REPLY_QUEUE = 'prospector';
const API_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;

function hasNoResponders(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof NoRespondersError) return true;
    if (cause instanceof RequestError && cause.isNoResponders()) return true;
  }
  return false;
}

function hasTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TimeoutError) return true;
  }
  return false;
}

async function ensureStream(jsm: JetStreamManager, naming: TNaming, stream: (typeof STREAM_NAMES)[number]) {
  const name = naming.streamName(stream);
  const retention = STREAM_RETENTION[stream];
  // JetStream refuses a duplicate window longer than the stream keeps messages.
  const maxAgeMs = retention?.maxAgeMs;
  const wanted: Partial<StreamConfig> = {
    subjects: naming.streamSubjects(stream),
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, maxAgeMs ?? DUPLICATE_WINDOW_MS)),
    ...(maxAgeMs ? { max_age: nanos(maxAgeMs) } : {}),
  };
  try {
    const { config } = await jsm.streams.info(name);
    const sameSubjects =
      config.subjects?.length === wanted.subjects?.length &&
      (config.subjects ?? []).every((subject, index) => subject === wanted.subjects?.[index]);
    const sameAge = maxAgeMs === undefined || config.max_age === wanted.max_age;
    if (!sameSubjects || config.duplicate_window !== wanted.duplicate_window || !sameAge) {
      await jsm.streams.update(name, wanted);
    }
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
    await jsm.streams.add({
      ...wanted,
      name,
      storage: StorageType.File,
      // Fixed at creation: JetStream cannot change a stream's retention afterwards.
      retention: retention?.workQueue ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      num_replicas: 1,
    });
  }
}

/** The production adapter: events on JetStream streams, request/reply on core NATS. */
export async function createNatsBus(options: TNatsBusOptions): Promise<TEventBus> {
  const naming = createNaming(options.namespace);
  const logger = options.logger ?? consoleBusLogger;
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: options.url,
      name: options.name,
      // Keep trying for as long as the process lives: a NATS restart must not need a service restart.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: API_TIMEOUT_MS,
    });
  } catch (error) {
    throw createUnavailableError(`cannot connect to ${options.url}`, error);
  }
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc, { timeout: API_TIMEOUT_MS });
  } catch (error) {
    await nc.close();
    throw createUnavailableError(
      `JetStream is not enabled on ${options.url} (run nats-server with -js)`,
      error,
    );
  }
  const js = jetstream(nc, { timeout: API_TIMEOUT_MS });
  const reconnectListeners = new Set<() => void>();
  const consumerContext = {
    nc,
    js,
    jsm,
    naming,
    logger,
    onReconnect(listener: () => void) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
  const subscriptions = createSubscriptionSet();
  let connected = true;
  let draining: Promise<void> | undefined;
  // Set once consumers and reply handlers have stopped, so handlers finishing during drain() can
  // still publish what they produced.
  let closed = false;

  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        logger.warn('Lost the NATS connection; reconnecting', { server: status.server });
      } else if (status.type === 'reconnect') {
        connected = true;
        logger.info('Reconnected to NATS', { server: status.server });
        for (const listener of reconnectListeners) listener();
      }
    }
  })().catch(() => undefined);
  void nc.closed().then(() => {
    connected = false;
  });

  function assertUsable(action: string): void {
    if (closed || nc.isClosed()) throw createUnavailableError(`${action} after drain()`);
    // Fail fast rather than let the client buffer the message until its timeout.
    if (!connected) throw createUnavailableError(action);
  }

  // The durables this bus consumes, for consumerLag().
  const durables = new Map<string, { stream: string; durable: string }>();

  return {
    kind: 'nats',

    async ensureStreams() {
      assertUsable('ensureStreams');
      for (const stream of STREAM_NAMES) await ensureStream(jsm, naming, stream);
    },

    async publish(event: TEventEnvelope) {
      assertUsable('publish');
      assertPublishSubject(event.type);
      const body = serializeEvent(event);
      try {
        await js.publish(naming.toWire(event.type), body, { msgID: event.id });
      } catch (error) {
        if (hasNoResponders(error)) throw createNoStreamError(event.type);
        throw createUnavailableError('publish', error);
      }
    },

    async consume(consumerOptions, handler) {
      if (draining || nc.isClosed()) throw createUnavailableError('consume after drain()');
      const stream = naming.streamName(resolveConsumerOptions(consumerOptions).stream);
      durables.set(`${stream}/${consumerOptions.durable}`, { stream, durable: consumerOptions.durable });
      return subscriptions.track(await startNatsConsumer(consumerContext, consumerOptions, handler));
    },

    async consumerLag() {
      const lags = await Promise.all(
        [...durables.values()].map(async ({ stream, durable }) => {
          try {
            const info = await jsm.consumers.info(stream, durable);
            return [{ stream, durable, pending: info.num_pending, ackPending: info.num_ack_pending }];
          } catch {
            // Deleted, or the server is away: no figure rather than a wrong one.
            return [];
          }
        }),
      );
      return lags.flat();
    },

    async request<TReq, TRes>(subject: string, data: TReq, requestOptions?: { timeoutMs?: number }) {
      assertUsable('request');
      assertRequestSubject(subject);
      const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      let answer: string;
      try {
        const message = await nc.request(naming.toWire(subject), JSON.stringify(data ?? null), {
          timeout: timeoutMs,
        });
        answer = message.string();
      } catch (error) {
        if (hasNoResponders(error)) throw createNoRespondersError(subject);
        if (hasTimeout(error)) throw createTimeoutError(subject, timeoutMs);
        throw createUnavailableError('request', error);
      }
      return readReplyBody<TRes>(JSON.parse(answer), subject);
    },

    async subscribe<TData>(subjects: string[], handler: TLiveHandler<TData>) {
      if (draining || nc.isClosed()) throw createUnavailableError('subscribe after drain()');
      for (const subject of subjects) assertSubscribeSubject(subject);
      const tasks = new InFlightTasks();
      // Core subscriptions (no queue group): every subscriber sees each JetStream publish on them.
      const natsSubscriptions = subjects.map((subject) =>
        nc.subscribe(naming.toWire(subject), {
          callback: (error, message) => {
            if (error) {
              logger.error('Live subscription failed', { subject, error: describeError(error) });
              return;
            }
            tasks.run(() => deliverLive(message.string(), naming.fromWire(message.subject), handler, logger));
          },
        }),
      );
      // Subscribed on the server once this returns, so a publish right after is heard.
      await nc.flush();
      return subscriptions.track({
        async stop() {
          for (const subscription of natsSubscriptions) {
            if (!nc.isClosed()) await subscription.drain().catch(() => undefined);
          }
          await tasks.idle();
        },
      });
    },

    async reply<TReq, TRes>(subject: string, handler: (data: TReq) => Promise<TRes>) {
      if (draining || nc.isClosed()) throw createUnavailableError('reply after drain()');
      assertRequestSubject(subject);
      const tasks = new InFlightTasks();
      const subscription = nc.subscribe(naming.toWire(subject), {
        queue: REPLY_QUEUE,
        callback: (error, message) => {
          if (error) {
            logger.error('Reply subscription failed', { subject, error: describeError(error) });
            return;
          }
          tasks.run(async () => {
            message.respond(await answerRequest(message.string(), handler, { subject, logger }));
          });
        },
      });
      // The server knows about the subscription once this returns, so a request right after
      // `reply()` resolves finds a responder.
      await nc.flush();
      return subscriptions.track({
        async stop() {
          if (!nc.isClosed()) await subscription.drain().catch(() => undefined);
          await tasks.idle();
        },
      });
    },

    async isHealthy() {
      if (!connected || closed || nc.isClosed()) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          jsm.getAccountInfo(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('JetStream did not answer')), HEALTH_TIMEOUT_MS);
          }),
        ]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },

    drain() {
      draining ??= (async () => {
        await subscriptions.stopAll();
        closed = true;
        if (nc.isClosed()) return;
        // Draining needs the server; without it, closing is all that is left to do.
        if (connected) await nc.drain();
        else await nc.close();
      })();
      return draining;
    },
  };
}
