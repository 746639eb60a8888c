import type { TEventData } from '@prospector/contracts';

/**
 * What travels between extractor processes (internal to this service): step and e-mail check messages
 * on the EXTRACTION_JOBS work queue (their data in `EVENT_DATA`), and run progress on EXTRACTOR_LIVE.
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

export type TStepMessage = TEventData<typeof RUN_SUBJECTS.step>;
export type TEmailCheckMessage = TEventData<typeof RUN_SUBJECTS.checkEmail>;
