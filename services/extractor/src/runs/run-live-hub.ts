import { SESSION_END_SUBJECTS } from '@prospector/auth-client';
import type { TEventBus, TSubscription } from '@prospector/bus';
import { eventOwnerKey, type TRun, type TRunItemEvent } from '@prospector/contracts';
import { createUserListeners } from '@prospector/service-kit';
import { RUN_SUBJECTS } from './run-messages.ts';

/** `end`: the member's sessions ended or their membership changed; the stream closes. */
export type TRunLiveMessage =
  | { kind: 'run'; run: TRun }
  | { kind: 'item'; item: TRunItemEvent }
  | { kind: 'end' };

/** Whose stream it is: the member, and the workspace their session acts for. */
export interface TStreamOwner {
  userId: string;
  ownerKey: string;
}

/**
 * One bus subscription per process, fanned out to the open streams: a run's progress to every stream of
 * its workspace (`ownerKey`, whichever member started it), and a member's session end
 * (`accounts.sessions-ended`, a membership change included, or `accounts.erased`) to every stream of that
 * member, which then closes. The browser reconnects by itself, and its session is verified again: a
 * removed member's stream comes back acting for their own workspace, a signed-out one not at all.
 */
export function createRunLiveHub() {
  const byWorkspace = createUserListeners<TRunLiveMessage>();
  const byMember = createUserListeners<TRunLiveMessage>();
  return {
    /** Calls `listener` with the workspace's run changes and the member's session end; returns the unsubscribe. */
    listen(owner: TStreamOwner, listener: (message: TRunLiveMessage) => void): () => void {
      const stopRuns = byWorkspace.listen(owner.ownerKey, listener);
      const stopEnd = byMember.listen(owner.userId, listener);
      return () => {
        stopRuns();
        stopEnd();
      };
    },
    /** Subscribes to the bus (every process hears every run's progress, whichever process made it). */
    async start(bus: Pick<TEventBus, 'subscribe'>): Promise<TSubscription> {
      const subscription = await bus.subscribe(
        [RUN_SUBJECTS.liveRun, RUN_SUBJECTS.liveItem, ...SESSION_END_SUBJECTS],
        ({ event }) => {
          if (event.type === RUN_SUBJECTS.liveRun)
            byWorkspace.emit(eventOwnerKey(event), { kind: 'run', run: event.data as TRun });
          else if (event.type === RUN_SUBJECTS.liveItem)
            byWorkspace.emit(eventOwnerKey(event), { kind: 'item', item: event.data as TRunItemEvent });
          else byMember.emit(event.userId, { kind: 'end' });
        },
      );
      return {
        async stop() {
          byWorkspace.clear();
          byMember.clear();
          await subscription.stop();
        },
      };
    },
  };
}
export type TRunLiveHub = ReturnType<typeof createRunLiveHub>;
