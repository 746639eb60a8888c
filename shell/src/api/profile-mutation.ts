import type { TProfile } from '@prospector/contracts';
import { PROFILE_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A call that answers with the updated profile, which then replaces the cached one. */
export function useProfileMutation<TBody = void>(call: (body: TBody) => Promise<TProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
