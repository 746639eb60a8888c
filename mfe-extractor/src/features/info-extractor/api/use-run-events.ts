import { EXTRACTOR_PATHS, RUN_STREAM_EVENTS, ZRunItemEventSchema, ZRunSchema } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ITEM_TOASTS_MAX_RUN_SIZE, itemMessage } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';
import { RUNS_QUERY_KEY } from './get-runs.ts';
import { cachedRun, upsertRun, upsertRunItem } from './run-cache.ts';

/** After the server closes the stream for good (e.g. a restart refused it), try again this much later. */
const RECONNECT_AFTER_CLOSE_MS = 5_000;

const parse = (data: unknown): unknown => {
  try {
    return JSON.parse(String(data));
  } catch {
    return undefined;
  }
};

/**
 * The signed-in user's runs, live: each `run` event replaces the run's cached state (the progress
 * card and the recent runs read it), each `item` event adds a finished account to its run's results
 * and, for runs of up to ITEM_TOASTS_MAX_RUN_SIZE accounts, says how it ended (docs/product.md §8). EventSource
 * reconnects by itself; events sent meanwhile are not replayed, so every reconnect re-fetches.
 */
export function useRunEvents(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let opened = false;

    const connect = () => {
      source = new EventSource(EXTRACTOR_PATHS.events, { withCredentials: true });
      source.addEventListener('open', () => {
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: RUNS_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: ['extractor', 'run'] });
        }
        opened = true;
      });
      source.addEventListener(RUN_STREAM_EVENTS.run, (event) => {
        const run = ZRunSchema.safeParse(parse((event as MessageEvent).data));
        if (run.success) upsertRun(queryClient, run.data);
      });
      source.addEventListener(RUN_STREAM_EVENTS.item, (event) => {
        const parsed = ZRunItemEventSchema.safeParse(parse((event as MessageEvent).data));
        if (!parsed.success) return;
        const { runId, ...item } = parsed.data;
        upsertRunItem(queryClient, runId, item);
        const run = cachedRun(queryClient, runId);
        if (run && run.total > ITEM_TOASTS_MAX_RUN_SIZE) return;
        const message = itemMessage(item);
        if (message) showToast(message, `run-item-${item.id}`);
      });
      source.addEventListener('error', () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(connect, RECONNECT_AFTER_CLOSE_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
