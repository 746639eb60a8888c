import type { TEventBus } from '@prospector/bus';
import { createEvent, type TRun, type TRunItemEvent } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { TRunActor } from './run-actor.ts';
import { RUN_SUBJECTS } from './run-messages.ts';

/**
 * Progress for the browsers' streams, after the change committed, addressed to the run's workspace
 * (`ownerKey`: every member's streams hear it) and naming the member who started it. Best effort by
 * design: a lost one only delays a browser's view, which the stream's next `run` event (or a reconnect)
 * brings up to date.
 */
export function createLivePublisher(bus: Pick<TEventBus, 'publish'>, logger: TLogger) {
  const send = async (subject: string, actor: TRunActor, data: unknown) => {
    try {
      await bus.publish(createEvent(subject, actor, data));
    } catch (error) {
      logger.warn('run progress not published', { subject, error });
    }
  };
  return {
    run: (actor: TRunActor, run: TRun) => send(RUN_SUBJECTS.liveRun, actor, run),
    item: (actor: TRunActor, item: TRunItemEvent) => send(RUN_SUBJECTS.liveItem, actor, item),
  };
}
export type TLivePublisher = ReturnType<typeof createLivePublisher>;
