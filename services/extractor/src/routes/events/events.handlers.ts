import { ownerKeyOf } from '@prospector/auth-client';
import { RUN_STREAM_EVENTS } from '@prospector/contracts';
import { streamLiveQueue, type TUserContext } from '@prospector/service-kit';
import type { TRunEngine } from '../../runs/run-engine.ts';
import type { TRunLiveHub, TRunLiveMessage } from '../../runs/run-live-hub.ts';
import { RECONNECT_DELAY_MS } from './events.routes.ts';

/**
 * The runs of the session's workspace as they change (every member's): first a `run` event for each
 * current run (so a page that (re)connects is up to date), then `run` after every change and `item` for
 * each finished account, whichever extractor process did the work. The stream closes when the member's
 * sessions end or their membership changes (run-live-hub.ts), so it never outlives their access.
 */
export function createEventsHandlers(engine: TRunEngine, hub: TRunLiveHub, heartbeatMs: number) {
  return {
    stream(c: TUserContext) {
      const user = c.get('user');
      const ownerKey = ownerKeyOf(user);
      return streamLiveQueue<TRunLiveMessage>(c, {
        listen: (push) => hub.listen({ userId: user.userId, ownerKey }, push),
        heartbeatMs,
        reconnectDelayMs: RECONNECT_DELAY_MS,
        async start(stream) {
          for (const run of await engine.current(ownerKey)) {
            await stream.writeSSE({ event: RUN_STREAM_EVENTS.run, data: JSON.stringify(run) });
          }
        },
        async write(stream, message) {
          if (message.kind === 'end') return 'close';
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
