import { isRunActive, type TRun, type TRunItem } from '@prospector/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { runQueryOptions } from './get-run.ts';
import { runsQueryOptions } from './get-runs.ts';

const runsKey = runsQueryOptions().queryKey;
const runKey = (runId: string) => runQueryOptions(runId).queryKey;

/**
 * Whether `incoming` may replace `current`. The start call's answer, a re-fetch and the event stream
 * can arrive out of order: an ended run never goes back to running, and progress never goes back.
 */
export function isRunUpdate(current: TRun, incoming: TRun): boolean {
  if (!isRunActive(current.status))
    return !isRunActive(incoming.status) && incoming.processed >= current.processed;
  if (!isRunActive(incoming.status)) return true;
  return incoming.processed >= current.processed;
}

/**
 * Reads a run's detail again, dropping a read in flight: that read may have left before the change
 * that calls for this, and a first read (no data yet) is otherwise joined, not restarted, so its older
 * answer would stay (a single run's results then said "Results appear here" after it had ended).
 */
export async function refreshRunDetail(queryClient: QueryClient, runId: string) {
  const queryKey = runKey(runId);
  await queryClient.cancelQueries({ queryKey, exact: true });
  await queryClient.invalidateQueries({ queryKey, exact: true });
}

/** Whether the detail's first read is still under way: a change it may predate has nothing to merge into. */
const firstReadInFlight = (queryClient: QueryClient, runId: string) => {
  const state = queryClient.getQueryState(runKey(runId));
  return state !== undefined && state.data === undefined && state.fetchStatus === 'fetching';
};

/** Puts a run's latest state into the runs list (newest first) and into its detail, keeping the items. */
export function upsertRun(queryClient: QueryClient, run: TRun) {
  queryClient.setQueryData(runsKey, (list) => {
    if (!list) return list;
    const current = list.runs.find((candidate) => candidate.id === run.id);
    if (!current) return { runs: [run, ...list.runs] };
    if (!isRunUpdate(current, run)) return list;
    return { runs: list.runs.map((candidate) => (candidate.id === run.id ? run : candidate)) };
  });
  // An end the first read of the detail may have missed: read again (once, as a run ends once).
  if (!isRunActive(run.status) && firstReadInFlight(queryClient, run.id)) {
    void refreshRunDetail(queryClient, run.id);
    return;
  }
  queryClient.setQueryData(runKey(run.id), (detail) =>
    detail && isRunUpdate(detail, run) ? { ...detail, ...run, items: detail.items } : detail,
  );
}

/**
 * Puts one finished item into its run's detail, if that detail is loaded (otherwise its read has it, or,
 * if the read left before the item, the read again when the run ends).
 */
export function upsertRunItem(queryClient: QueryClient, runId: string, item: TRunItem) {
  queryClient.setQueryData(runKey(runId), (detail) => {
    if (!detail) return detail;
    const known = detail.items.some((candidate) => candidate.id === item.id);
    return {
      ...detail,
      items: known
        ? detail.items.map((candidate) => (candidate.id === item.id ? item : candidate))
        : [...detail.items, item],
    };
  });
}

/** The run as last cached, from the list or its detail. */
export function cachedRun(queryClient: QueryClient, runId: string): TRun | undefined {
  return (
    queryClient.getQueryData(runsKey)?.runs.find((run) => run.id === runId) ??
    queryClient.getQueryData(runKey(runId))
  );
}
