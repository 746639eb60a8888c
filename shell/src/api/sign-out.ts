import { forgetSignedInUser } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Ends the session with `end` (signing out, deleting the account); `leave` then leaves the signed-in pages, and
 * the cache forgets the user only after that. `leave` must render the new page before it returns
 * (`useGoHomeNow`): otherwise the guard of the page still shown would see no session and send the user to /auth
 * instead.
 */
export function useEndSession(end: () => Promise<unknown>, leave: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => end(),
    onSuccess: async () => {
      await leave();
      forgetSignedInUser(queryClient);
    },
  });
}
