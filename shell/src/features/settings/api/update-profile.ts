import { ACCOUNT_PATHS, type TProfileUpdate, ZProfileSchema } from '@prospector/contracts';
import { apiRequest, PROFILE_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `PATCH /api/account/profile`: the Profile & Company fields; answers with the saved profile. */
export const updateProfile = async (update: TProfileUpdate) =>
  ZProfileSchema.parse(await apiRequest<unknown>(ACCOUNT_PATHS.profile, { method: 'PATCH', body: update }));

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
