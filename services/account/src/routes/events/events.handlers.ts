import { ACCOUNT_LIVE_EVENTS, type TCreditsLiveEvent, type TEventEnvelope } from '@prospector/contracts';
import { streamLiveQueue, type TUserContext } from '@prospector/service-kit';
import { isSessionEndEvent } from '../../live/live-hub.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { HEARTBEAT_INTERVAL_MS, RECONNECT_DELAY_MS } from './events.routes.ts';

/**
 * The signed-in user's live stream: `profile` on profile changes, `credits` on balance changes. It
 * ends with its session: when any session of the user ends, it checks its own and closes if gone.
 */
export function createEventsHandlers(runtime: TAccountRuntime) {
  return {
    stream(c: TUserContext) {
      const { userId } = c.get('user');
      // A failed check keeps the stream open: only a session known to be gone closes it.
      const sessionGone = async () =>
        (await runtime.sessionVerifier.verify(c.req.raw.headers).catch(() => undefined)) === null;
      return streamLiveQueue<TEventEnvelope>(c, {
        listen: (push) => runtime.live.listen(userId, push),
        heartbeatMs: HEARTBEAT_INTERVAL_MS,
        reconnectDelayMs: RECONNECT_DELAY_MS,
        async write(stream, event) {
          if (isSessionEndEvent(event)) return (await sessionGone()) ? 'close' : undefined;
          const { id, type, occurredAt, data } = event;
          const credits: TCreditsLiveEvent = { id, type, occurredAt, data };
          await stream.writeSSE(
            type === 'accounts.updated'
              ? {
                  event: ACCOUNT_LIVE_EVENTS.profile,
                  id,
                  data: JSON.stringify((data as { profile: unknown }).profile),
                }
              : { event: ACCOUNT_LIVE_EVENTS.credits, id, data: JSON.stringify(credits) },
          );
          return undefined;
        },
      });
    },
  };
}
