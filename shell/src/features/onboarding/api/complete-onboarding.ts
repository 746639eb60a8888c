import { ACCOUNT_ENDPOINTS, type TOnboardingAnswers } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** Saves the answers and marks onboarding completed; answers with the updated profile. */
export const useCompleteOnboarding = () =>
  useProfileMutation((body: TOnboardingAnswers) =>
    callEndpoint(ACCOUNT_ENDPOINTS.completeOnboarding, { body }),
  );
