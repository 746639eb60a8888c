import { forgetSignedInUser, signOut } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * `onSignedOut` leaves the signed-in pages; the cache forgets the user only after that. It must
 * render the new page before it returns (`useGoHomeNow`): otherwise the guard of the page still
 * shown would see no session and send the user to /auth instead.
 */
export function useSignOut({ onSignedOut }: { onSignedOut: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await onSignedOut();
      forgetSignedInUser(queryClient);
    },
  });
}
