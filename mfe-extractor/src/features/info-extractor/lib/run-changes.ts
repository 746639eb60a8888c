import { isRunActive, type TRun } from '@prospector/contracts';
import { EXTRACTION_CANCELLED, runOutcomeMessage, type TToastMessage } from './run-messages.ts';

/** What the page remembers of a run between two of its states. */
export type TSeenRun = Pick<TRun, 'status' | 'cancelRequested'>;

/** What one move of a run from a state to the next means on the page. */
export type TRunChange = {
  /** What the page says about it, once. */
  message: TToastMessage | null;
  /** The run has just ended: the credits, the database figures and its results changed. */
  ended: boolean;
};

const NO_CHANGE: TRunChange = { message: null, ended: false };

/**
 * docs/product.md §8 "Outcome toasts": a run says "Extraction cancelled" when the server accepts its
 * cancellation, and its outcome when it ends, unless that outcome is the cancellation it already said.
 * `before` is undefined for a run seen for the first time: one started after the page loaded, which
 * can end before the start call's answer arrives. An ended run never changes again.
 */
export function decideRunChange(before: TSeenRun | undefined, after: TRun): TRunChange {
  if (before !== undefined && !isRunActive(before.status)) return NO_CHANGE;
  if (isRunActive(after.status)) {
    const cancelAccepted = before !== undefined && !before.cancelRequested && after.cancelRequested;
    return cancelAccepted
      ? { message: { kind: 'info', title: EXTRACTION_CANCELLED }, ended: false }
      : NO_CHANGE;
  }
  const cancelAlreadySaid = before?.cancelRequested === true && after.status === 'cancelled';
  return { message: cancelAlreadySaid ? null : runOutcomeMessage(after), ended: true };
}
