import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TEventEnvelope } from '@prospector/contracts';

/** Subjects the browser's live stream follows (spec §4 realtime). */
export const LIVE_SUBJECTS = ['accounts.updated', 'credits.>'];

export type TLiveListener = (event: TEventEnvelope) => void;

export interface TLiveHub {
  /** Calls `listener` with every live event of `userId`; returns the unsubscribe function. */
  listen(userId: string, listener: TLiveListener): () => void;
  stop(): Promise<void>;
}

/**
 * One bus subscription per process, fanned out to the open streams of each user, so a thousand open
 * tabs cost one subscription rather than a thousand.
 */
export async function createLiveHub(bus: Pick<TEventBus, 'subscribe'>): Promise<TLiveHub> {
  const listeners = new Map<string, Set<TLiveListener>>();
  const subscription: TSubscription = await bus.subscribe(LIVE_SUBJECTS, ({ event }) => {
    if (!event.userId) return;
    for (const listener of listeners.get(event.userId) ?? []) listener(event);
  });
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
