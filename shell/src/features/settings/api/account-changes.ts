import {
  ACCOUNT_ENDPOINTS,
  AUTH_PATHS,
  type TChangePasswordRequest,
  type TProfileUpdate,
} from '@prospector/contracts';
import { apiRequest, callEndpoint } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';
import { useProfileMutation } from '../../../api/profile-mutation.ts';
import { useEndSession } from '../../../api/sign-out.ts';

/** `PATCH /api/account/profile`: the Profile & Company fields; answers with the saved profile. */
export const useUpdateProfile = () =>
  useProfileMutation((body: TProfileUpdate) => callEndpoint(ACCOUNT_ENDPOINTS.updateProfile, { body }));

/** Other sessions of the user end; this one stays signed in. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      apiRequest<unknown>(AUTH_PATHS.changePassword, { method: 'POST', body: input }),
  });

/**
 * Erases the account and its data everywhere and ends the session. `onDeleted` leaves the signed-in
 * pages before the cache forgets the user.
 */
export const useDeleteAccount = ({ onDeleted }: { onDeleted: () => void | Promise<void> }) =>
  useEndSession(() => callEndpoint(ACCOUNT_ENDPOINTS.eraseAccount), onDeleted);
