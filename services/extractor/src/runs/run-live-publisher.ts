import type { TEventBus } from '@prospector/bus';
import { createEvent, type TRun, type TRunItemEvent } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import { RUN_SUBJECTS } from './run-messages.ts';

/**
 * Progress for the browsers' streams, after the change committed. Best effort by design: a lost one
 * only delays a browser's view, which the stream's next `run` event (or a reconnect) brings up to date.
 */
export function createLivePublisher(bus: Pick<TEventBus, 'publish'>, logger: TLogger) {
  const send = async (subject: string, userId: string, data: unknown) => {
    try {
      await bus.publish(createEvent(subject, userId, data));
    } catch (error) {
      logger.warn('run progress not published', { subject, error });
    }
  };
  return {
    run: (userId: string, run: TRun) => send(RUN_SUBJECTS.liveRun, userId, run),
    item: (userId: string, item: TRunItemEvent) => send(RUN_SUBJECTS.liveItem, userId, item),
  };
}
export type TLivePublisher = ReturnType<typeof createLivePublisher>;
