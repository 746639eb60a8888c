import { isRunActive, type TRun } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, EXTRACTION_STATS_QUERY_KEY } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshRunDetail } from '../api/run-cache.ts';
import { decideRunChange, type TSeenRun } from '../lib/run-changes.ts';
import { PROGRESS_HIDE_DELAY_MS } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';

/**
 * The one place a run's change is handled on the page. Every source of a run's state (the start and
 * cancel answers, the events stream, re-fetches) lands in the runs list; this watches the list and,
 * for each run that moved, says what `decideRunChange` decides and, when it ended, refreshes the
 * credits, the database figures and its results and keeps its progress card PROGRESS_HIDE_DELAY_MS
 * longer. Runs as they were when the page loaded say nothing. Answers the runs whose progress card shows.
 */
export function useRunChanges(runs: readonly TRun[] | undefined): TRun[] {
  const queryClient = useQueryClient();
  const seen = useRef<Map<string, TSeenRun> | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const [ending, setEnding] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!runs) return;
    if (seen.current === null) {
      seen.current = new Map(runs.map((run) => [run.id, run]));
      return;
    }
    for (const run of runs) {
      const change = decideRunChange(seen.current.get(run.id), run);
      seen.current.set(run.id, run);
      if (change.message) showToast(change.message);
      if (!change.ended) continue;
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: EXTRACTION_STATS_QUERY_KEY });
      void refreshRunDetail(queryClient, run.id);
      setEnding((ids) => new Set(ids).add(run.id));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setEnding((ids) => new Set([...ids].filter((id) => id !== run.id)));
      }, PROGRESS_HIDE_DELAY_MS);
      timers.current.add(timer);
    }
  }, [runs, queryClient]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return (runs ?? []).filter((run) => isRunActive(run.status) || ending.has(run.id));
}
