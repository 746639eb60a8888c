import { ACCOUNT_LIVE_EVENTS, type TCreditsLiveEvent, type TEventEnvelope } from '@prospector/contracts';
import { streamLiveQueue, type TUserContext } from '@prospector/service-kit';
import { isSessionEndEvent } from '../../live/live-hub.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { HEARTBEAT_INTERVAL_MS, RECONNECT_DELAY_MS } from './events.routes.ts';

/**
 * The signed-in user's live stream: `profile` on profile changes, `credits` on balance changes. It
 * ends with its session: when any session of the user ends, it checks its own and closes if gone.
 */
export function createEventsHandlers(runtime: TAccountRuntime, heartbeatMs = HEARTBEAT_INTERVAL_MS) {
  return {
    stream(c: TUserContext) {
      const { userId } = c.get('user');
      // A failed check keeps the stream open: only a session known to be gone closes it.
      const sessionGone = async () =>
        (await runtime.sessionVerifier.verify(c.req.raw.headers).catch(() => undefined)) === null;
      return streamLiveQueue<TEventEnvelope>(c, {
        listen: (push) => runtime.live.listen(userId, push),
        heartbeatMs,
        reconnectDelayMs: RECONNECT_DELAY_MS,
        async write(stream, event) {
          if (isSessionEndEvent(event)) return (await sessionGone()) ? 'close' : undefined;
          if (event.type === 'accounts.updated') {
            const { profile } = event.data as { profile: unknown };
            await stream.writeSSE({
              event: ACCOUNT_LIVE_EVENTS.profile,
              id: event.id,
              data: JSON.stringify(profile),
            });
          } else {
            const credits: TCreditsLiveEvent = {
              id: event.id,
              type: event.type,
              occurredAt: event.occurredAt,
              data: event.data,
            };
            await stream.writeSSE({
              event: ACCOUNT_LIVE_EVENTS.credits,
              id: event.id,
              data: JSON.stringify(credits),
            });
          }
          return undefined;
        },
      });
    },
  };
}
