import { ACCOUNT_LIVE_EVENTS, type TCreditsLiveEvent, type TEventEnvelope } from '@prospector/contracts';
import { streamLiveQueue, type TUserContext } from '@prospector/service-kit';
import { isSessionEndEvent } from '../../live/live-hub.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { HEARTBEAT_INTERVAL_MS, RECONNECT_DELAY_MS } from './events.routes.ts';

/**
 * The signed-in user's live stream: `profile` on their profile's changes, `credits` on the balance
 * changes of the workspace the session acts for (any member's charge). It ends with its session, or
 * when the session no longer acts for that workspace (removed, role-changed or switched: the
 * `membership-changed` session end): the browser reconnects and follows the workspace it acts for now.
 */
export function createEventsHandlers(runtime: TAccountRuntime) {
  return {
    stream(c: TUserContext) {
      const { userId, workspaceId } = c.get('user');
      // A failed check keeps the stream open: only a session known to be gone, or gone elsewhere, closes it.
      const sessionGone = async () => {
        const now = await runtime.sessionVerifier.verify(c.req.raw.headers).catch(() => undefined);
        return now === null || (now !== undefined && now.workspaceId !== workspaceId);
      };
      return streamLiveQueue<TEventEnvelope>(c, {
        listen: (push) => runtime.live.listen(userId, workspaceId, push),
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
