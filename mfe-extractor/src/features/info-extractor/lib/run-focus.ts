import { isRunActive, type TRun } from '@prospector/contracts';

/**
 * The run in focus: the one named in the address (`?run=`), otherwise the newest. The progress card
 * and the Results panel both describe it, so they never tell of two different runs.
 */
export function runInFocus(runs: readonly TRun[] | undefined, requested: string | null): string | undefined {
  return requested ?? runs?.[0]?.id;
}

/** Of the runs whose progress shows: the one in focus, and the others still running (offered to switch to). */
export function splitByFocus(progressRuns: readonly TRun[], focusedId: string | undefined) {
  return {
    focused: progressRuns.find((run) => run.id === focusedId),
    othersRunning: progressRuns.filter((run) => run.id !== focusedId && isRunActive(run.status)),
  };
}
