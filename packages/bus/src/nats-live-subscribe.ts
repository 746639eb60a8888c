import { InFlightTasks } from './in-flight.ts';
import { deliverLive } from './live-delivery.ts';
import { describeError } from './logger.ts';
import type { TNatsConnection } from './nats-connection.ts';
import type { TLiveHandler, TSubscription } from './port.ts';
import { assertSubscribeSubject } from './subject-match.ts';

/** Core subscriptions (no queue group): every subscriber sees each JetStream publish on them. */
export async function subscribeLiveOnNats<TData>(
  { nc, naming, logger }: TNatsConnection,
  subjects: string[],
  handler: TLiveHandler<TData>,
): Promise<TSubscription> {
  for (const subject of subjects) assertSubscribeSubject(subject);
  const tasks = new InFlightTasks();
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
  return {
    async stop() {
      for (const subscription of natsSubscriptions) {
        if (!nc.isClosed()) await subscription.drain().catch(() => undefined);
      }
      await tasks.idle();
    },
  };
}
