import { ZProfileSchema } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../../../api/get-profile.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Marks onboarding completed without answers; answers with the updated profile. */
export const skipOnboarding = async () =>
  ZProfileSchema.parse(await apiRequest<unknown>('/api/account/onboarding/skip', { method: 'POST' }));

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipOnboarding,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
