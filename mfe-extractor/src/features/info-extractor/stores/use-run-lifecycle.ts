import { isRunActive, type TRun, type TRunStatus } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, EXTRACTION_STATS_QUERY_KEY } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { runOutcomeToastId } from '../api/cancel-run.ts';
import { runQueryKey } from '../api/get-run.ts';
import { PROGRESS_HIDE_DELAY_MS, runOutcomeMessage } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';

/**
 * Watches the runs list (fed by the start call, the events stream and re-fetches) for runs that end
 * while the page is open: each says its outcome once, refreshes the credits, the database figures and
 * its results, and keeps its progress card PROGRESS_HIDE_DELAY_MS longer. Runs that had already ended
 * when the page loaded say nothing. Answers the runs whose progress card shows.
 */
export function useRunLifecycle(runs: readonly TRun[] | undefined): TRun[] {
  const queryClient = useQueryClient();
  const seen = useRef<Map<string, TRunStatus> | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const [ending, setEnding] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!runs) return;
    if (seen.current === null) {
      seen.current = new Map(runs.map((run) => [run.id, run.status]));
      return;
    }
    for (const run of runs) {
      const before = seen.current.get(run.id);
      seen.current.set(run.id, run.status);
      if (isRunActive(run.status)) continue;
      // A run that ended before it was ever seen running was started after the page loaded (it
      // can end before the start call's answer arrives): it is announced too.
      if (before !== undefined && !isRunActive(before)) continue;
      const message = runOutcomeMessage(run);
      if (message) showToast(message, runOutcomeToastId(run.id));
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: EXTRACTION_STATS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: runQueryKey(run.id) });
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
