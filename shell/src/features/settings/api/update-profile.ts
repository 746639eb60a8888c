import { ACCOUNT_PATHS, type TProfileUpdate } from '@prospector/contracts';
import { useProfileMutation } from '../../../api/profile-mutation.ts';

/** `PATCH /api/account/profile`: the Profile & Company fields; answers with the saved profile. */
export const useUpdateProfile = () => useProfileMutation<TProfileUpdate>(ACCOUNT_PATHS.profile, 'PATCH');
