import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetSignedInUser } from '../../../api/sign-out.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Erases the account and its data everywhere and ends the session. */
export const deleteAccount = () => apiRequest<void>('/api/account/me', { method: 'DELETE' });

/** `onDeleted` runs before the cache forgets the user, so it can leave the signed-in pages first. */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      onDeleted();
      forgetSignedInUser(queryClient);
    },
  });
}
