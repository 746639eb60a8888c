import { ACCOUNT_PATHS } from '@prospector/contracts';
import { apiRequest, forgetSignedInUser } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Erases the account and its data everywhere and ends the session. */
export const deleteAccount = () => apiRequest<void>(ACCOUNT_PATHS.me, { method: 'DELETE' });

/** `onDeleted` leaves the signed-in pages before the cache forgets the user (see `useSignOut`). */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await onDeleted();
      forgetSignedInUser(queryClient);
    },
  });
}
