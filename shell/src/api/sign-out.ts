import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { SESSION_QUERY_KEY } from './get-session.ts';

export const signOut = () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });

/** Forget everything the signed-in user loaded, then mark the session gone (guards react to it). */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/**
 * `onSignedOut` leaves the signed-in pages; the cache forgets the user only after that. It must
 * navigate with `flushSync`: the router otherwise renders the new page in a transition, and the
 * guard of the page still shown would see no session and send the user to /auth instead.
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
