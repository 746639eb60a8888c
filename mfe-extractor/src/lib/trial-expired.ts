import { ApiError, PROFILE_QUERY_KEY } from '@prospector/web-data';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * After a TRIAL_EXPIRED refusal (402: the trial is over and no subscription is active) the profile is
 * read again: it now says the trial is over, and the shell's guard replaces the page with the
 * trial-expired screen (docs/product.md §6).
 */
export function refreshProfileIfTrialExpired(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.code === 'TRIAL_EXPIRED')
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
}

/** A lookup (keyword search, similar accounts) after whose TRIAL_EXPIRED refusal the profile is read again. */
export function useLookup<TRequest, TAnswer>(mutationFn: (request: TRequest) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onError: (error) => refreshProfileIfTrialExpired(queryClient, error) });
}
