import { z } from 'zod';

/**
 * What travels between extractor processes (internal to this service): step messages on the
 * EXTRACTION_JOBS work queue, and run progress on EXTRACTOR_LIVE for the browsers' streams.
 */
export const RUN_SUBJECTS = {
  step: 'extractor.jobs.step',
  liveRun: 'extractor.live.run',
  liveItem: 'extractor.live.item',
} as const;

/** The durable consumer every extractor process shares on the work queue. */
export const STEP_CONSUMER = 'extractor-run-steps';

/**
 * One step of one lane of a run: process the lane's next account. `step` fences duplicates (a
 * redelivered step whose work already committed is behind its lane and does nothing); `notBefore` is
 * the per-run pacing between accounts (epoch ms).
 */
export const ZStepMessageSchema = z.object({
  runId: z.uuid(),
  lane: z.number().int().min(1),
  step: z.number().int().min(0),
  notBefore: z.number().int().min(0),
});
export type TStepMessage = z.infer<typeof ZStepMessageSchema>;
