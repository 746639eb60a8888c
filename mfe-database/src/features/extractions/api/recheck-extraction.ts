import { DATABASE_ENDPOINTS, type TRecheckResult } from '@prospector/contracts';
import { ApiError, callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expiryLabel } from '../record-age.ts';
import { extractionQueryOptions } from './get-extraction.ts';
import { DATABASE_QUERY_KEY } from './query-keys.ts';

export const RECHECK_FAILED_MESSAGE = 'Unable to re-check the record. Please try again.';

/** The server's own message (too soon, account gone, opted out, unavailable), or the generic one. */
export const recheckErrorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : RECHECK_FAILED_MESSAGE;

/** What the user reads after a re-check: the notice when there is one, otherwise the new expiry. */
export const recheckedDescription = (result: TRecheckResult): string =>
  result.notice ?? (result.expiresAt ? `${expiryLabel(result.expiresAt)}.` : 'Its data is up to date.');

/**
 * `POST /api/database/extractions/:id/recheck`: fetches the profile again and checks its e-mail, for free,
 * once a day; the record is renewed (a new fetch date, so a new expiry). Shows the renewed record at
 * once, then refreshes the list (age, expiry, status) and the credits.
 */
export function useRecheckExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<TRecheckResult> =>
      callEndpoint(DATABASE_ENDPOINTS.recheck, { params: { id } }),
    onSuccess: (detail) => queryClient.setQueryData(extractionQueryOptions(detail.id).queryKey, detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY }),
  });
}
