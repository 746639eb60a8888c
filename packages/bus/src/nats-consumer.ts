import type { ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { resolveConsumerOptions } from './consumer-options.ts';
import { InFlightTasks, settleConsumerTasks, sleep } from './in-flight.ts';
import { describeError, type TBusLogger } from './logger.ts';
import type { TNaming } from './naming.ts';
import { ensureConsumer, planFilters } from './nats-consumer-config.ts';
import type { TConsumerOptions, THandler, TSubscription } from './port.ts';
import { processDelivery, type TDeliveryControls } from './process-delivery.ts';
import { matchAnySubject } from './subject-match.ts';

export interface TNatsConsumerContext {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  naming: TNaming;
  logger: TBusLogger;
  /** Calls `listener` after each reconnect; returns the unsubscribe function. */
  onReconnect(listener: () => void): () => void;
}

function controlsFor(message: JsMsg): TDeliveryControls {
  return {
    ack: () => message.ack(),
    // Called from a handler's timer: a connection closed meanwhile must not throw there.
    working: () => {
      try {
        message.working();
      } catch {
        // The ack wait runs out and the message is redelivered, as after a crash.
      }
    },
    nak: (delayMs) => message.nak(delayMs),
    // No reason text: nats-server 2.9 only recognises a bare +TERM.
    term: () => message.term(),
  };
}

/**
 * How long one pull request waits on the server. The client watches heartbeats at half of it and
 * checks that the consumer still exists after two are missed, so this bounds how long a deleted
 * consumer goes unnoticed when the server's own notice of the deletion is lost (30 s by default).
 */
const PULL_EXPIRES_MS = 5_000;

const NOTIFICATIONS_THAT_NEED_A_RESTART = new Set([
  'consumer_deleted',
  'consumer_not_found',
  'stream_not_found',
]);

/** Stops `iterator` when the server says its consumer or stream is gone, so the loop makes it again. */
function stopOnLostConsumer(
  iterator: ConsumerMessages,
  logger: TBusLogger,
  fields: Record<string, string>,
): void {
  void (async () => {
    for await (const notification of iterator.status()) {
      if (NOTIFICATIONS_THAT_NEED_A_RESTART.has(notification.type)) {
        logger.warn('Consumer lost; restarting it', { ...fields, notification: notification.type });
        iterator.stop();
        return;
      }
    }
  })().catch(() => undefined);
}

/**
 * A durable pull consumer in a restart loop: whenever the message iterator ends (consumer deleted,
 * heartbeats missed, connection trouble) the consumer is looked up or recreated and consumption
 * resumes, with a growing pause between attempts.
 */
export async function startNatsConsumer<TData>(
  context: TNatsConsumerContext,
  consumerOptions: TConsumerOptions,
  handler: THandler<TData>,
): Promise<TSubscription> {
  const { nc, js, naming, logger } = context;
  const options = resolveConsumerOptions(consumerOptions);
  const streamName = naming.streamName(options.stream);
  const filters = planFilters(nc, options.filterSubjects.map(naming.toWire));
  const fields = { stream: streamName, durable: options.durable };
  const deliveryContext = { options, naming, logger };
  const tasks = new InFlightTasks();
  const stopSignal = new AbortController();
  let messages: ConsumerMessages | undefined;

  // Configuration mistakes surface to the caller instead of looping quietly.
  await ensureConsumer(context.jsm, streamName, options, filters);
  // The client's own recovery after a reconnect backs off for up to the pull expiry when the server
  // is slow to answer; restarting here resumes within this loop's shorter back-off.
  const stopWatchingReconnects = context.onReconnect(() => messages?.stop());

  async function consumeOnce(): Promise<void> {
    const consumer = await js.consumers.get(streamName, options.durable);
    const iterator = await consumer.consume({ max_messages: options.concurrency, expires: PULL_EXPIRES_MS });
    messages = iterator;
    if (stopSignal.signal.aborted) iterator.stop();
    stopOnLostConsumer(iterator, logger, fields);
    for await (const message of iterator) {
      if (filters.client.length > 0 && !matchAnySubject(filters.client, message.subject)) {
        message.ack();
        continue;
      }
      await tasks.waitForSlot(options.concurrency);
      if (stopSignal.signal.aborted) {
        // Handed back at once, so a restarted consumer gets it without waiting out the ack wait.
        message.nak();
        continue;
      }
      const raw = {
        wireSubject: message.subject,
        body: message.string(),
        deliveryCount: message.info.deliveryCount,
      };
      tasks.run(() => processDelivery(raw, controlsFor(message), handler, deliveryContext));
    }
    const closedWith = await iterator.closed();
    if (closedWith instanceof Error) throw closedWith;
  }

  // Runs `consumeOnce` again whenever it ends, until stopped or the connection closes, with a growing
  // pause (250 ms doubling, at most 5 s) between attempts; an unexpected end is logged. The first
  // consumption reuses the consumer made above; each restart looks it up or makes it again.
  const loop = (async () => {
    let attempt = 0;
    let first = true;
    while (!stopSignal.signal.aborted && !nc.isClosed()) {
      try {
        if (!first) await ensureConsumer(context.jsm, streamName, options, filters);
        first = false;
        attempt = 0;
        await consumeOnce();
      } catch (error) {
        if (!stopSignal.signal.aborted) {
          logger.warn('Consumer stopped unexpectedly; restarting', {
            ...fields,
            error: describeError(error),
          });
        }
      }
      messages = undefined;
      if (stopSignal.signal.aborted) break;
      await sleep(Math.min(250 * 2 ** attempt, 5_000), stopSignal.signal);
      attempt += 1;
    }
  })();

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        stopSignal.abort();
        stopWatchingReconnects();
        messages?.stop();
        await loop;
        // The handlers get a grace, not forever: an unacknowledged message comes back (CONSUMER_STOP_GRACE_MS).
        await settleConsumerTasks(tasks, logger, fields);
      })();
      return stopping;
    },
  };
}
