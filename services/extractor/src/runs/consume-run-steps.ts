import type { TSubscription } from '@prospector/bus';
import { processStep } from './process-step.ts';
import type { TRunDeps } from './run-deps.ts';
import { RUN_SUBJECTS, STEP_CONSUMER } from './run-messages.ts';
import { createStepHeartbeats } from './step-heartbeat.ts';

/**
 * Every extractor process pulls from the one durable on the EXTRACTION_JOBS work queue, so the steps
 * of all runs are spread over however many processes run. A step beats while it works
 * (step-heartbeat.ts), so the ack wait can be short: a step whose process died comes back within it,
 * one that is merely slow stays where it is. A step that throws (billing unreachable, a database
 * error) is redelivered with backoff; the run sweeper picks up a lane whose step gave up.
 */
export function consumeRunSteps(deps: TRunDeps): Promise<TSubscription> {
  const heartbeats = createStepHeartbeats(deps);
  return deps.bus.consume(
    {
      durable: STEP_CONSUMER,
      stream: 'EXTRACTION_JOBS',
      filterSubjects: [RUN_SUBJECTS.step],
      concurrency: deps.config.stepConcurrency,
      ackWaitMs: deps.config.stepAckWaitMs,
      maxDeliver: 50,
    },
    ({ event, working }) => heartbeats.during(event.data, working, () => processStep(deps, event.data)),
  );
}
