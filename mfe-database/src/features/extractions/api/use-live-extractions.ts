import { EXTRACTOR_PATHS, RUN_STREAM_EVENTS } from '@prospector/contracts';
import { useEventStream } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEventStream(EXTRACTOR_PATHS.events, {
    handlers: {
      [RUN_STREAM_EVENTS.item]: () => {
        timer.current ??= setTimeout(() => {
          timer.current = undefined;
          void queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY });
        }, REFRESH_DELAY_MS);
      },
    },
  });
}
