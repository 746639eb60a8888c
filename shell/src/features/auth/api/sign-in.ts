import { AUTH_PATHS } from '@prospector/contracts';
import { apiRequest, SESSION_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST` better-auth's sign-in: on success the session is re-read; the /auth guard then moves the user on to the dashboard. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest<unknown>(AUTH_PATHS.signIn, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
