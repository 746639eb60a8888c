import { ACCOUNT_PATHS, type TOnboardingAnswers, ZProfileSchema } from '@prospector/contracts';
import { apiRequest, PROFILE_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Saves the answers and marks onboarding completed; answers with the updated profile. */
export const completeOnboarding = async (answers: TOnboardingAnswers) =>
  ZProfileSchema.parse(
    await apiRequest<unknown>(ACCOUNT_PATHS.onboarding, { method: 'POST', body: answers }),
  );

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
