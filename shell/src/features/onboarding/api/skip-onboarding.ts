import { ACCOUNT_PATHS, ZProfileSchema } from '@prospector/contracts';
import { apiRequest, PROFILE_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Marks onboarding completed without answers; answers with the updated profile. */
export const skipOnboarding = async () =>
  ZProfileSchema.parse(await apiRequest<unknown>(ACCOUNT_PATHS.skipOnboarding, { method: 'POST' }));

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipOnboarding,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
