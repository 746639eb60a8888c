import {
  ACCOUNT_EVENTS_PATH,
  ACCOUNT_LIVE_EVENTS,
  type TCreditBalance,
  type TProfile,
  ZCreditChangeSchema,
  ZCreditsLiveEventSchema,
  ZProfileLiveEventSchema,
} from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY, PROFILE_QUERY_KEY } from './account-queries.ts';
import { useEventStream } from './event-stream.ts';

/**
 * The signed-in user's live stream (docs/product.md §4 "Realtime"): profile changes replace the cached profile
 * (credits live in their own query, so they are kept); credit changes set or refresh the balance.
 */
export function useAccountEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEventStream(ACCOUNT_EVENTS_PATH, {
    enabled,
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    handlers: {
      [ACCOUNT_LIVE_EVENTS.profile]: (data) => {
        const profile = ZProfileLiveEventSchema.safeParse(data);
        if (!profile.success) return;
        // The event is the person's own profile; in another's workspace the plan shown is that
        // workspace's (docs/architecture.md §17), so the answer is asked for instead.
        const cached = queryClient.getQueryData<TProfile>(PROFILE_QUERY_KEY);
        if (cached?.workspace && !cached.workspace.personal)
          void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        else queryClient.setQueryData(PROFILE_QUERY_KEY, { ...profile.data, workspace: cached?.workspace });
      },
      [ACCOUNT_LIVE_EVENTS.credits]: (data) => {
        const envelope = ZCreditsLiveEventSchema.safeParse(data);
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
      },
    },
  });
}
