import { useEffect, useRef } from 'react';

/** After the server closes a stream for good (e.g. the session ended), try again this much later. */
export const RECONNECT_AFTER_CLOSE_MS = 5_000;

export type TEventStreamOptions = {
  /** One handler per named event, given the event's JSON data (undefined when it is not JSON). */
  handlers: Record<string, (data: unknown) => void>;
  /** After every reconnect: events sent while disconnected are not replayed, so catch up here. */
  onReconnect?: () => void;
  enabled?: boolean;
};

const parse = (data: unknown): unknown => {
  try {
    return JSON.parse(String(data));
  } catch {
    return undefined;
  }
};

/**
 * Listens to one of the app's server-sent event streams (same origin, session cookie) while
 * mounted and enabled. EventSource reconnects by itself after drops; a stream the server closed
 * for good is opened again after RECONNECT_AFTER_CLOSE_MS; unmounting (sign-out) closes it.
 */
export function useEventStream(url: string, options: TEventStreamOptions) {
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let opened = false;

    const connect = () => {
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener('open', () => {
        if (opened) latest.current.onReconnect?.();
        opened = true;
      });
      for (const type of Object.keys(latest.current.handlers)) {
        source.addEventListener(type, (event) =>
          latest.current.handlers[type]?.(parse((event as MessageEvent).data)),
        );
      }
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
  }, [url, enabled]);
}
