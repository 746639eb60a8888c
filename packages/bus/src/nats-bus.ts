import { createUnavailableError } from './bus-errors.ts';
import { resolveConsumerOptions } from './consumer-options.ts';
import { connectNats, jetStreamAnswers, type TNatsBusOptions } from './nats-connection.ts';
import { startNatsConsumer } from './nats-consumer.ts';
import { subscribeLiveOnNats } from './nats-live-subscribe.ts';
import { publishOnNats } from './nats-publish.ts';
import { replyOverNats, requestOverNats } from './nats-request-reply.ts';
import { ensureNatsStreams, readConsumerLag } from './nats-streams.ts';
import type { TConsumerOptions, TEventBus, THandler } from './port.ts';
import { createSubscriptionSet } from './subscription-set.ts';

export type { TNatsBusOptions } from './nats-connection.ts';

/** The production adapter: events on JetStream streams, request/reply on core NATS. */
export async function createNatsBus(options: TNatsBusOptions): Promise<TEventBus> {
  const connection = await connectNats(options);
  const { nc } = connection;
  const subscriptions = createSubscriptionSet();
  // The durables this bus consumes, for consumerLag().
  const durables = new Map<string, { stream: string; durable: string }>();
  let draining: Promise<void> | undefined;
  // Set once consumers and reply handlers have stopped, so handlers finishing during drain() can
  // still publish what they produced.
  let closed = false;

  function assertUsable(action: string): void {
    if (closed || nc.isClosed()) throw createUnavailableError(`${action} after drain()`);
    // Fail fast rather than let the client buffer the message until its timeout.
    if (!connection.isConnected()) throw createUnavailableError(action);
  }

  /** No new consumers, subscriptions or repliers once drain() has begun. */
  function assertNotDraining(action: string): void {
    if (draining || nc.isClosed()) throw createUnavailableError(`${action} after drain()`);
  }

  return {
    kind: 'nats',
    async ensureStreams() {
      assertUsable('ensureStreams');
      await ensureNatsStreams(connection);
    },
    async publish(event) {
      assertUsable('publish');
      await publishOnNats(connection, event);
    },
    async consume(consumerOptions: TConsumerOptions, handler: THandler) {
      assertNotDraining('consume');
      const stream = connection.naming.streamName(resolveConsumerOptions(consumerOptions).stream);
      durables.set(`${stream}/${consumerOptions.durable}`, { stream, durable: consumerOptions.durable });
      return subscriptions.track(await startNatsConsumer(connection, consumerOptions, handler));
    },
    consumerLag: () => readConsumerLag(connection, durables.values()),
    async request(subject, data, requestOptions) {
      assertUsable('request');
      return requestOverNats(connection, subject, data, requestOptions);
    },
    async subscribe(subjects, handler) {
      assertNotDraining('subscribe');
      return subscriptions.track(await subscribeLiveOnNats(connection, subjects, handler));
    },
    async reply(subject, handler) {
      assertNotDraining('reply');
      return subscriptions.track(await replyOverNats(connection, subject, handler));
    },
    async isHealthy() {
      if (!connection.isConnected() || closed || nc.isClosed()) return false;
      return jetStreamAnswers(connection);
    },
    drain() {
      draining ??= (async () => {
        await subscriptions.stopAll();
        closed = true;
        if (nc.isClosed()) return;
        // Draining needs the server; without it, closing is all that is left to do.
        if (connection.isConnected()) await nc.drain();
        else await nc.close();
      })();
      return draining;
    },
  };
}
