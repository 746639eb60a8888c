import { ACCOUNT_PATHS, type TOnboardingAnswers } from '@prospector/contracts';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** Saves the answers and marks onboarding completed; answers with the updated profile. */
export const useCompleteOnboarding = () =>
  useProfileMutation<TOnboardingAnswers>(ACCOUNT_PATHS.onboarding, 'POST');
