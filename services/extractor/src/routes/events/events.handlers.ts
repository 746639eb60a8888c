import { RUN_STREAM_EVENTS } from '@prospector/contracts';
import { streamLiveQueue, type TUserContext } from '@prospector/service-kit';
import type { TRunEngine } from '../../runs/run-engine.ts';
import type { TRunLiveHub, TRunLiveMessage } from '../../runs/run-live-hub.ts';
import { RECONNECT_DELAY_MS } from './events.routes.ts';

/**
 * The signed-in user's runs as they change: first a `run` event for each current run (so a page that
 * (re)connects is up to date), then `run` after every change and `item` for each finished account,
 * whichever extractor process did the work.
 */
export function createEventsHandlers(engine: TRunEngine, hub: TRunLiveHub, heartbeatMs: number) {
  return {
    stream(c: TUserContext) {
      const { userId } = c.get('user');
      return streamLiveQueue<TRunLiveMessage>(c, {
        listen: (push) => hub.listen(userId, push),
        heartbeatMs,
        reconnectDelayMs: RECONNECT_DELAY_MS,
        async start(stream) {
          for (const run of await engine.current(userId)) {
            await stream.writeSSE({ event: RUN_STREAM_EVENTS.run, data: JSON.stringify(run) });
          }
        },
        async write(stream, message) {
          await stream.writeSSE(
            message.kind === 'run'
              ? { event: RUN_STREAM_EVENTS.run, data: JSON.stringify(message.run) }
              : { event: RUN_STREAM_EVENTS.item, data: JSON.stringify(message.item) },
          );
          return undefined;
        },
      });
    },
  };
}
