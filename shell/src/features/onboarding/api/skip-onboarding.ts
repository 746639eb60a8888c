import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** Marks onboarding completed without answers; answers with the updated profile. */
export const useSkipOnboarding = () =>
  useProfileMutation(() => callEndpoint(ACCOUNT_ENDPOINTS.skipOnboarding));
