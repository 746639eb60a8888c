import { z } from 'zod';

/**
 * What travels between extractor processes (internal to this service): step messages on the
 * EXTRACTION_JOBS work queue, and run progress on EXTRACTOR_LIVE for the browsers' streams.
 */
export const RUN_SUBJECTS = {
  step: 'extractor.jobs.step',
  /** Finish the deliverability check of an item recorded before its verdict was in. */
  checkEmail: 'extractor.jobs.check-email',
  liveRun: 'extractor.live.run',
  liveItem: 'extractor.live.item',
} as const;

/** The durable consumer every extractor process shares on the work queue. */
export const STEP_CONSUMER = 'extractor-run-steps';
/** The durable consumer of the e-mail checks that outlived a run's time budget. */
export const EMAIL_CHECK_CONSUMER = 'extractor-email-checks';

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

/** Check the e-mail of this done item and refund its credit if it is undeliverable (runs/finish-email-check.ts). */
export const ZEmailCheckMessageSchema = z.object({ itemId: z.uuid() });
export type TEmailCheckMessage = z.infer<typeof ZEmailCheckMessageSchema>;
