import type { TEventBus } from '@prospector/bus';
import { createEvent, type TExtractionRecorded, type TRun, type TRunItemEvent } from '@prospector/contracts';
import { enqueueEvent, enqueueEvents, type TOutboxWriter } from '@prospector/db';
import type { TLogger } from '@prospector/service-kit';
import { outbox } from '../db/schema.ts';
import { RUN_SUBJECTS, type TEmailCheckMessage, type TStepMessage } from './run-messages.ts';

/** The lane's next step, in the outbox of the transaction that moved the lane: it exists iff that commits. */
export function enqueueStep(tx: TOutboxWriter, userId: string, step: TStepMessage): Promise<void> {
  return enqueueSteps(tx, userId, [step]);
}

/** Several lanes' steps (a run's start, a resume) in one insert. */
export function enqueueSteps(tx: TOutboxWriter, userId: string, steps: TStepMessage[]): Promise<void> {
  return enqueueEvents(
    tx,
    outbox,
    steps.map((step) => createEvent(RUN_SUBJECTS.step, userId, step)),
  );
}

/** The item's e-mail check, to finish after its transaction commits (exists iff that commits). */
export function enqueueEmailCheck(
  tx: TOutboxWriter,
  userId: string,
  message: TEmailCheckMessage,
): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent(RUN_SUBJECTS.checkEmail, userId, message));
}

/** The account's record for the database service, in the item's transaction (exactly once per item). */
export function enqueueRecorded(tx: TOutboxWriter, userId: string, data: TExtractionRecorded): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent('extractions.recorded', userId, data));
}

/** The run's final state, in the transaction that closed it (exactly once per run). */
export function enqueueRunFinished(tx: TOutboxWriter, userId: string, run: TRun): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent('extractions.run-finished', userId, { run }));
}

export interface TLivePublisher {
  run(userId: string, run: TRun): Promise<void>;
  item(userId: string, item: TRunItemEvent): Promise<void>;
}

/**
 * Progress for the browsers' streams, after the change committed. Best effort by design: a lost one
 * only delays a browser's view, which the stream's next `run` event (or a reconnect) brings up to date.
 */
export function createLivePublisher(bus: Pick<TEventBus, 'publish'>, logger: TLogger): TLivePublisher {
  const send = async (subject: string, userId: string, data: unknown) => {
    try {
      await bus.publish(createEvent(subject, userId, data));
    } catch (error) {
      logger.warn('run progress not published', { subject, error });
    }
  };
  return {
    run: (userId, run) => send(RUN_SUBJECTS.liveRun, userId, run),
    item: (userId, item) => send(RUN_SUBJECTS.liveItem, userId, item),
  };
}
