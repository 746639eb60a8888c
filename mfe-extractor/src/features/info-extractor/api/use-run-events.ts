import { EXTRACTOR_PATHS, RUN_STREAM_EVENTS, ZRunItemEventSchema, ZRunSchema } from '@prospector/contracts';
import { useEventStream } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { ITEM_TOASTS_MAX_RUN_SIZE, itemMessage } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';
import { RUNS_QUERY_KEY } from './get-runs.ts';
import { cachedRun, upsertRun, upsertRunItem } from './run-cache.ts';

/**
 * The signed-in user's runs, live: each `run` event replaces the run's cached state (the progress
 * card and the recent runs read it), each `item` event adds a finished account to its run's results
 * and, for runs of up to ITEM_TOASTS_MAX_RUN_SIZE accounts, says how it ended (docs/product.md §8). Events sent
 * while disconnected are not replayed, so every reconnect re-fetches.
 */
export function useRunEvents(enabled = true) {
  const queryClient = useQueryClient();
  useEventStream(EXTRACTOR_PATHS.events, {
    enabled,
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: RUNS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['extractor', 'run'] });
    },
    handlers: {
      [RUN_STREAM_EVENTS.run]: (data) => {
        const run = ZRunSchema.safeParse(data);
        if (run.success) upsertRun(queryClient, run.data);
      },
      [RUN_STREAM_EVENTS.item]: (data) => {
        const parsed = ZRunItemEventSchema.safeParse(data);
        if (!parsed.success) return;
        const { runId, ...item } = parsed.data;
        upsertRunItem(queryClient, runId, item);
        const run = cachedRun(queryClient, runId);
        if (run && run.total > ITEM_TOASTS_MAX_RUN_SIZE) return;
        const message = itemMessage(item);
        if (message) showToast(message, `run-item-${item.id}`);
      },
    },
  });
}
