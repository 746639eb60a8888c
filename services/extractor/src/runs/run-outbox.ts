import { createEvent, type TExtractionRecorded, type TRun } from '@prospector/contracts';
import { enqueueEvent, enqueueEvents, type TOutboxWriter } from '@prospector/db';
import { outbox } from '../db/schema.ts';
import type { TRunActor } from './run-actor.ts';
import { RUN_SUBJECTS, type TEmailCheckMessage, type TStepMessage } from './run-messages.ts';

/*
 * What a run's transactions put in the outbox: its own step and e-mail check commands for the
 * extractor's work queue, and its events for other services. Each exists iff its transaction commits,
 * and each carries the run's actor: the member who started it and its workspace (`ownerKey`).
 */

/**
 * Lanes' current steps sent again (a resume) in one insert. A lane's step is first sent by its admission
 * (admission.ts), in the transaction that admitted it.
 */
export function enqueueSteps(tx: TOutboxWriter, actor: TRunActor, steps: TStepMessage[]): Promise<void> {
  return enqueueEvents(
    tx,
    outbox,
    steps.map((step) => createEvent(RUN_SUBJECTS.step, actor, step)),
  );
}

/** The item's e-mail check, to finish after its transaction commits (exists iff that commits). */
export function enqueueEmailCheck(
  tx: TOutboxWriter,
  actor: TRunActor,
  message: TEmailCheckMessage,
): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent(RUN_SUBJECTS.checkEmail, actor, message));
}

/** The account's record for the database service, in the item's transaction (exactly once per item). */
export function enqueueRecorded(
  tx: TOutboxWriter,
  actor: TRunActor,
  data: TExtractionRecorded,
): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent('extractions.recorded', actor, data));
}

/** The run's final state, in the transaction that closed it (exactly once per run). */
export function enqueueRunFinished(tx: TOutboxWriter, actor: TRunActor, run: TRun): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent('extractions.run-finished', actor, { run }));
}
