import { ApiError, PROFILE_QUERY_KEY } from '@prospector/web-data';
import type { QueryClient } from '@tanstack/react-query';

/** The extractor refused because the trial is over and no subscription is active (402 TRIAL_EXPIRED). */
export const isTrialExpiredError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'TRIAL_EXPIRED';

/**
 * After a TRIAL_EXPIRED refusal the profile is read again: it now says the trial is over, and the
 * shell's guard replaces the page with the trial-expired screen (docs/product.md §6).
 */
export function refreshProfileIfTrialExpired(queryClient: QueryClient, error: unknown) {
  if (isTrialExpiredError(error)) void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
}
