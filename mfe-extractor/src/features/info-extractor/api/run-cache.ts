import { isRunActive, type TRun, type TRunDetail, type TRunItem, type TRunList } from '@prospector/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { runQueryKey } from './get-run.ts';
import { RUNS_QUERY_KEY } from './get-runs.ts';

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

/** Puts a run's latest state into the runs list (newest first) and into its detail, keeping the items. */
export function upsertRun(queryClient: QueryClient, run: TRun) {
  queryClient.setQueryData<TRunList>(RUNS_QUERY_KEY, (list) => {
    if (!list) return list;
    const current = list.runs.find((candidate) => candidate.id === run.id);
    if (!current) return { runs: [run, ...list.runs] };
    if (!isRunUpdate(current, run)) return list;
    return { runs: list.runs.map((candidate) => (candidate.id === run.id ? run : candidate)) };
  });
  queryClient.setQueryData<TRunDetail>(runQueryKey(run.id), (detail) =>
    detail && isRunUpdate(detail, run) ? { ...detail, ...run, items: detail.items } : detail,
  );
}

/** Puts one finished item into its run's detail, if that detail is loaded (otherwise its fetch has it). */
export function upsertRunItem(queryClient: QueryClient, runId: string, item: TRunItem) {
  queryClient.setQueryData<TRunDetail>(runQueryKey(runId), (detail) => {
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
    queryClient.getQueryData<TRunList>(RUNS_QUERY_KEY)?.runs.find((run) => run.id === runId) ??
    queryClient.getQueryData<TRunDetail>(runQueryKey(runId))
  );
}
