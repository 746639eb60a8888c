import { EXTRACTOR_PATHS, RUN_STREAM_EVENTS } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DATABASE_QUERY_KEY } from './query-keys.ts';

/** Several items finishing in a burst refresh the page once. */
const REFRESH_DELAY_MS = 500;

/**
 * Records written by a running extraction appear without a manual refresh: the extractor's event
 * stream says when an account finished (`event: item`), and the list, categories and stat cards are
 * refetched. Without the stream (no EventSource, or the server refuses it) the page still refreshes on
 * focus and with the Refresh button.
 */
export function useLiveExtractions() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(EXTRACTOR_PATHS.events, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY });
      }, REFRESH_DELAY_MS);
    };
    source.addEventListener(RUN_STREAM_EVENTS.item, refresh);
    return () => {
      source.close();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
