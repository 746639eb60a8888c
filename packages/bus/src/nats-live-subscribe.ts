import type { Msg } from '@nats-io/transport-node';
import { CONSUMER_STOP_GRACE_MS, InFlightTasks } from './in-flight.ts';
import { deliverLive } from './live-delivery.ts';
import { describeError } from './logger.ts';
import type { TNatsConnection } from './nats-connection.ts';
import type { TLiveHandler, TSubscription } from './port.ts';
import { assertSubscribeSubject } from './subject-match.ts';

/**
 * Core subscriptions (in `queue`, if given) whose messages `onMessage` handles as tasks, in place on the
 * server once this resolves; `stop()` drains them and waits for the tasks.
 */
export async function subscribeWithTasks(
  { nc, naming, logger }: TNatsConnection,
  subjects: string[],
  onMessage: (message: Msg) => Promise<void>,
  queue?: string,
): Promise<TSubscription> {
  const tasks = new InFlightTasks();
  const natsSubscriptions = subjects.map((subject) =>
    nc.subscribe(naming.toWire(subject), {
      queue,
      callback: (error, message) => {
        if (error) logger.error('Subscription failed', { subject, queue, error: describeError(error) });
        else tasks.run(() => onMessage(message));
      },
    }),
  );
  await nc.flush();
  return {
    async stop() {
      for (const subscription of natsSubscriptions) {
        if (!nc.isClosed()) await subscription.drain().catch(() => undefined);
      }
      // The grace a durable's handlers get, not forever (CONSUMER_STOP_GRACE_MS).
      await tasks.idleWithin(CONSUMER_STOP_GRACE_MS);
    },
  };
}

/** Core subscriptions (no queue group): every subscriber sees each JetStream publish on them. */
export function subscribeLiveOnNats<TData>(
  connection: TNatsConnection,
  subjects: string[],
  handler: TLiveHandler<TData>,
): Promise<TSubscription> {
  for (const subject of subjects) assertSubscribeSubject(subject);
  const { naming, logger } = connection;
  return subscribeWithTasks(connection, subjects, (message) =>
    deliverLive(message.string(), naming.fromWire(message.subject), handler, logger),
  );
}
