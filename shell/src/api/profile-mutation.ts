import { ZProfileSchema } from '@prospector/contracts';
import { apiRequest, PROFILE_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A call that answers with the updated profile, which then replaces the cached one. */
export function useProfileMutation<TBody = void>(path: string, method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => ZProfileSchema.parse(await apiRequest(path, { method, body })),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
