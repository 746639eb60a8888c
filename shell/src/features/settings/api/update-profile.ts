import { ACCOUNT_ENDPOINTS, type TProfileUpdate } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** `PATCH /api/account/profile`: the Profile & Company fields; answers with the saved profile. */
export const useUpdateProfile = () =>
  useProfileMutation((body: TProfileUpdate) => callEndpoint(ACCOUNT_ENDPOINTS.updateProfile, { body }));
