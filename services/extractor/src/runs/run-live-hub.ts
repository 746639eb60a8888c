import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TRun, TRunItemEvent } from '@prospector/contracts';
import { createUserListeners } from '@prospector/service-kit';
import { RUN_SUBJECTS } from './run-messages.ts';

export type TRunLiveMessage = { kind: 'run'; run: TRun } | { kind: 'item'; item: TRunItemEvent };

/** One bus subscription per process, fanned out to each user's open streams. */
export function createRunLiveHub() {
  const listeners = createUserListeners<TRunLiveMessage>();
  return {
    /** Calls `listener` with every run change and finished item of `userId`; returns the unsubscribe. */
    listen: listeners.listen,
    /** Subscribes to the bus (every process hears every run's progress, whichever process made it). */
    async start(bus: Pick<TEventBus, 'subscribe'>): Promise<TSubscription> {
      const subscription = await bus.subscribe([RUN_SUBJECTS.liveRun, RUN_SUBJECTS.liveItem], ({ event }) => {
        if (event.type === RUN_SUBJECTS.liveRun)
          listeners.emit(event.userId, { kind: 'run', run: event.data as TRun });
        else listeners.emit(event.userId, { kind: 'item', item: event.data as TRunItemEvent });
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
export type TRunLiveHub = ReturnType<typeof createRunLiveHub>;
