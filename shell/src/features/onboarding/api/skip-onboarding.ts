import { ACCOUNT_PATHS } from '@prospector/contracts';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** Marks onboarding completed without answers; answers with the updated profile. */
export const useSkipOnboarding = () => useProfileMutation(ACCOUNT_PATHS.skipOnboarding, 'POST');
