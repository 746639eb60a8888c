import { createBusLifecycle } from './bus-lifecycle.ts';
import { resolveConsumerOptions } from './consumer-options.ts';
import { connectNats, jetStreamAnswers, type TNatsBusOptions } from './nats-connection.ts';
import { startNatsConsumer } from './nats-consumer.ts';
import { subscribeLiveOnNats } from './nats-live-subscribe.ts';
import { publishOnNats } from './nats-publish.ts';
import { replyOverNats, requestOverNats } from './nats-request-reply.ts';
import { ensureNatsStreams, readConsumerLag } from './nats-streams.ts';
import type { TConsumerOptions, TEventBus, THandler } from './port.ts';

export type { TNatsBusOptions } from './nats-connection.ts';

/** The production adapter: events on JetStream streams, request/reply on core NATS. */
export async function createNatsBus(options: TNatsBusOptions): Promise<TEventBus> {
  const connection = await connectNats(options);
  const { nc } = connection;
  const lifecycle = createBusLifecycle();
  // Fails fast rather than let the client buffer the message until its timeout.
  const assertUsable = (action: string) =>
    lifecycle.assertUsable(action, connection.isConnected(), nc.isClosed());
  const assertNotDraining = (action: string) => lifecycle.assertNotDraining(action, nc.isClosed());

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
      const subscription = await startNatsConsumer(connection, consumerOptions, handler);
      return lifecycle.track(subscription, { stream, durable: consumerOptions.durable });
    },
    consumerLag: () => readConsumerLag(connection, lifecycle.durables()),
    async request(subject, data, requestOptions) {
      assertUsable('request');
      return requestOverNats(connection, subject, data, requestOptions);
    },
    async subscribe(subjects, handler) {
      assertNotDraining('subscribe');
      return lifecycle.track(await subscribeLiveOnNats(connection, subjects, handler));
    },
    async reply(subject, handler) {
      assertNotDraining('reply');
      return lifecycle.track(await replyOverNats(connection, subject, handler));
    },
    async isHealthy() {
      if (!connection.isConnected() || lifecycle.isClosed() || nc.isClosed()) return false;
      return jetStreamAnswers(connection);
    },
    drain: () =>
      lifecycle.drain(async () => {
        if (nc.isClosed()) return;
        // Draining needs the server; without it, closing is all that is left to do.
        if (connection.isConnected()) await nc.drain();
        else await nc.close();
      }),
  };
}
