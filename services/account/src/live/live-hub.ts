import { SESSION_END_SUBJECTS } from '@prospector/auth-client';
import type { TEventBus, TSubscription } from '@prospector/bus';
import { eventOwnerKey, type TEventEnvelope } from '@prospector/contracts';
import { createUserListeners } from '@prospector/service-kit';

/** Subjects the browser's live stream follows (docs/product.md §4 realtime). */
export const LIVE_SUBJECTS = ['accounts.updated', 'credits.>'];

/** A user's sessions ended (sign-out, password change or reset, erasure): streams re-check theirs. */
export const isSessionEndEvent = (event: TEventEnvelope) => SESSION_END_SUBJECTS.includes(event.type);

/**
 * The workspace's, not the person's (docs/architecture.md §17): the balance is the workspace's, so a
 * charge by one member reaches every member's stream of that workspace. The profile and session ends
 * stay the user's.
 */
const isWorkspaceEvent = (event: TEventEnvelope) => event.type.startsWith('credits.');

/**
 * One bus subscription per process, fanned out to the open streams of each user (their profile, their
 * sessions) and of each workspace (its credits), so a thousand open tabs cost one subscription rather
 * than a thousand.
 */
export async function createLiveHub(bus: Pick<TEventBus, 'subscribe'>) {
  const byUser = createUserListeners<TEventEnvelope>();
  const byWorkspace = createUserListeners<TEventEnvelope>();
  const subscription: TSubscription = await bus.subscribe(
    [...LIVE_SUBJECTS, ...SESSION_END_SUBJECTS],
    ({ event }) =>
      isWorkspaceEvent(event)
        ? byWorkspace.emit(eventOwnerKey(event), event)
        : byUser.emit(event.userId, event),
  );
  return {
    /**
     * Calls `listener` with the live events of `userId` (profile, session ends) and of the workspace the
     * stream acts for (credits); returns the unsubscribe function.
     */
    listen(userId: string, workspaceId: string, listener: (event: TEventEnvelope) => void): () => void {
      const stopUser = byUser.listen(userId, listener);
      const stopWorkspace = byWorkspace.listen(workspaceId, listener);
      return () => {
        stopUser();
        stopWorkspace();
      };
    },
    async stop() {
      byUser.clear();
      byWorkspace.clear();
      await subscription.stop();
    },
  };
}
