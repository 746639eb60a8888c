import { SESSION_END_SUBJECTS } from '@prospector/auth-client';
import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TEventEnvelope } from '@prospector/contracts';

/** Subjects the browser's live stream follows (docs/product.md §4 realtime). */
export const LIVE_SUBJECTS = ['accounts.updated', 'credits.>'];

/** A user's sessions ended (sign-out, password change or reset, erasure): streams re-check theirs. */
export const isSessionEndEvent = (event: TEventEnvelope) => SESSION_END_SUBJECTS.includes(event.type);

export type TLiveListener = (event: TEventEnvelope) => void;

export interface TLiveHub {
  /**
   * Calls `listener` with every live event of `userId`, and with its session-end events; returns the
   * unsubscribe function.
   */
  listen(userId: string, listener: TLiveListener): () => void;
  stop(): Promise<void>;
}

/**
 * One bus subscription per process, fanned out to the open streams of each user, so a thousand open
 * tabs cost one subscription rather than a thousand.
 */
export async function createLiveHub(bus: Pick<TEventBus, 'subscribe'>): Promise<TLiveHub> {
  const listeners = new Map<string, Set<TLiveListener>>();
  const subscription: TSubscription = await bus.subscribe(
    [...LIVE_SUBJECTS, ...SESSION_END_SUBJECTS],
    ({ event }) => {
      if (!event.userId) return;
      for (const listener of listeners.get(event.userId) ?? []) listener(event);
    },
  );
  return {
    listen(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async stop() {
      listeners.clear();
      await subscription.stop();
    },
  };
}
