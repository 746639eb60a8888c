import type { TUserVariables } from '@prospector/auth-client';
import { RUN_STREAM_EVENTS } from '@prospector/contracts';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { TRunEngine } from '../../runs/run-engine.ts';
import type { TRunLiveHub, TRunLiveMessage } from '../../runs/run-live-hub.ts';
import { RECONNECT_DELAY_MS } from './events.routes.ts';

type TUserContext = Context<{ Variables: TUserVariables }>;

/**
 * The signed-in user's runs as they change: first a `run` event for each current run (so a page that
 * (re)connects is up to date), then `run` after every change and `item` for each finished account,
 * whichever extractor process did the work.
 */
export function createEventsHandlers(engine: TRunEngine, hub: TRunLiveHub, heartbeatMs: number) {
  return {
    stream(c: TUserContext) {
      const { userId } = c.get('user');
      return streamSSE(c, async (stream) => {
        const queue: TRunLiveMessage[] = [];
        let wake: (() => void) | undefined;
        // Listen before reading the current runs, so no change falls between the two.
        const stopListening = hub.listen(userId, (message) => {
          queue.push(message);
          wake?.();
        });
        let closed = false;
        stream.onAbort(() => {
          closed = true;
          wake?.();
        });
        const heartbeat = setInterval(() => {
          void stream.write(': heartbeat\n\n').catch(() => {});
        }, heartbeatMs);
        try {
          await stream.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
          for (const run of await engine.current(userId)) {
            await stream.writeSSE({ event: RUN_STREAM_EVENTS.run, data: JSON.stringify(run) });
          }
          while (!closed) {
            const message = queue.shift();
            if (!message) {
              await new Promise<void>((resolve) => {
                wake = resolve;
              });
              wake = undefined;
              continue;
            }
            await stream.writeSSE(
              message.kind === 'run'
                ? { event: RUN_STREAM_EVENTS.run, data: JSON.stringify(message.run) }
                : { event: RUN_STREAM_EVENTS.item, data: JSON.stringify(message.item) },
            );
          }
        } finally {
          clearInterval(heartbeat);
          stopListening();
        }
      });
    },
  };
}
