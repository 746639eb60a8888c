import { EXTRACTOR_PATHS, RUN_STREAM_EVENTS, ZRunItemEventSchema, ZRunSchema } from '@prospector/contracts';
import { useEventStream } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { itemMessage, runItemsSummary, type TToastMessage } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';
import { RUN_DETAILS_QUERY_KEY } from './get-run.ts';
import { runsQueryOptions } from './get-runs.ts';
import { cachedRun, upsertRun, upsertRunItem } from './run-cache.ts';

/**
 * The signed-in user's runs, live: each `run` event replaces the run's cached state (the progress
 * card and the recent runs read it), each `item` event adds a finished account to its run's results
 * and says how it ended (docs/product.md §8): a single run in its own toast; the accounts of a longer
 * run in one toast per run that counts them (a toast each would pile up during a batch). Events sent
 * while disconnected are not replayed, so every reconnect re-fetches.
 */
export function useRunEvents(enabled = true) {
  const queryClient = useQueryClient();
  /** Per run: what each of its accounts without a new e-mail said, by item (an item event can repeat). */
  const unfruitful = useRef(new Map<string, Map<string, TToastMessage>>());
  /** The items whose own toast was shown (an item event can repeat). */
  const announced = useRef(new Set<string>());
  useEventStream(EXTRACTOR_PATHS.events, {
    enabled,
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: runsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: RUN_DETAILS_QUERY_KEY });
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
        const message = itemMessage(item);
        if (!message) return;
        // An e-mail found that another run had paid for says so on its own: it is news, not a miss.
        if (cachedRun(queryClient, runId)?.source === 'single' || item.outcome === 'email_found') {
          if (!announced.current.has(item.id)) showToast(message);
          announced.current.add(item.id);
          return;
        }
        const messages = unfruitful.current.get(runId) ?? new Map<string, TToastMessage>();
        messages.set(item.id, message);
        unfruitful.current.set(runId, messages);
        const summary = runItemsSummary([...messages.values()]);
        // The run's one summary toast, replaced in place as its count grows.
        if (summary) showToast(summary, `run-items-${runId}`);
      },
    },
  });
}
