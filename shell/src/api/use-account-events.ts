import {
  ACCOUNT_LIVE_EVENTS,
  type TCreditBalance,
  ZCreditChangeSchema,
  ZCreditsLiveEventSchema,
  ZProfileLiveEventSchema,
} from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CREDITS_QUERY_KEY } from './get-credits.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';

export const ACCOUNT_EVENTS_URL = '/api/account/events';
/** After the server closes the stream for good (e.g. the session ended), try again this much later. */
const RECONNECT_AFTER_CLOSE_MS = 5_000;

const parse = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/**
 * The signed-in user's live stream (docs/product.md §4 "Realtime"): profile changes replace the cached profile
 * (credits live in their own query, so they are kept); credit changes set or refresh the balance.
 * EventSource reconnects by itself after drops; the stream is closed when the hook unmounts (sign-out).
 */
export function useAccountEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let opened = false;

    const connect = () => {
      source = new EventSource(ACCOUNT_EVENTS_URL, { withCredentials: true });
      source.addEventListener('open', () => {
        // Events sent while disconnected are not replayed: catch up after every reconnect.
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        }
        opened = true;
      });
      source.addEventListener(ACCOUNT_LIVE_EVENTS.profile, (event) => {
        const profile = ZProfileLiveEventSchema.safeParse(parse((event as MessageEvent<string>).data));
        if (profile.success) queryClient.setQueryData(PROFILE_QUERY_KEY, profile.data);
      });
      source.addEventListener(ACCOUNT_LIVE_EVENTS.credits, (event) => {
        const envelope = ZCreditsLiveEventSchema.safeParse(parse((event as MessageEvent<string>).data));
        const change = ZCreditChangeSchema.safeParse(envelope.data?.data);
        if (envelope.success && change.success) {
          const { balance, available } = change.data;
          queryClient.setQueryData<TCreditBalance>(CREDITS_QUERY_KEY, {
            balance,
            available,
            held: balance - available,
            updatedAt: envelope.data.occurredAt,
          });
        } else {
          void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
        }
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
