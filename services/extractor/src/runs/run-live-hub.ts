import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TRun, TRunItemEvent } from '@prospector/contracts';
import { RUN_SUBJECTS } from './run-messages.ts';

export type TRunLiveMessage = { kind: 'run'; run: TRun } | { kind: 'item'; item: TRunItemEvent };
export type TRunLiveListener = (message: TRunLiveMessage) => void;

export interface TRunLiveHub {
  /** Calls `listener` with every run change and finished item of `userId`; returns the unsubscribe. */
  listen(userId: string, listener: TRunLiveListener): () => void;
  /** Subscribes to the bus (every process hears every run's progress, whichever process made it). */
  start(bus: Pick<TEventBus, 'subscribe'>): Promise<TSubscription>;
}

/** One bus subscription per process, fanned out to each user's open streams. */
export function createRunLiveHub(): TRunLiveHub {
  const listeners = new Map<string, Set<TRunLiveListener>>();
  const emit = (userId: string | null, message: TRunLiveMessage) => {
    if (!userId) return;
    for (const listener of listeners.get(userId) ?? []) listener(message);
  };
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
    async start(bus) {
      const subscription = await bus.subscribe([RUN_SUBJECTS.liveRun, RUN_SUBJECTS.liveItem], ({ event }) => {
        if (event.type === RUN_SUBJECTS.liveRun) emit(event.userId, { kind: 'run', run: event.data as TRun });
        else emit(event.userId, { kind: 'item', item: event.data as TRunItemEvent });
      });
      return {
        async stop() {
          listeners.clear();
          await subscription.stop();
        },
      };
    },
  };
}
