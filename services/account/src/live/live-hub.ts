import { SESSION_END_SUBJECTS } from '@prospector/auth-client';
import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TEventEnvelope } from '@prospector/contracts';
import { createUserListeners } from '@prospector/service-kit';

/** Subjects the browser's live stream follows (docs/product.md §4 realtime). */
export const LIVE_SUBJECTS = ['accounts.updated', 'credits.>'];

/** A user's sessions ended (sign-out, password change or reset, erasure): streams re-check theirs. */
export const isSessionEndEvent = (event: TEventEnvelope) => SESSION_END_SUBJECTS.includes(event.type);

/**
 * One bus subscription per process, fanned out to the open streams of each user, so a thousand open
 * tabs cost one subscription rather than a thousand.
 */
export async function createLiveHub(bus: Pick<TEventBus, 'subscribe'>) {
  const listeners = createUserListeners<TEventEnvelope>();
  const subscription: TSubscription = await bus.subscribe(
    [...LIVE_SUBJECTS, ...SESSION_END_SUBJECTS],
    ({ event }) => listeners.emit(event.userId, event),
  );
  return {
    /**
     * Calls `listener` with every live event of `userId`, and with its session-end events; returns the
     * unsubscribe function.
     */
    listen: listeners.listen,
    async stop() {
      listeners.clear();
      await subscription.stop();
    },
  };
}
