import { EXTRACTOR_ENDPOINTS, type TSimilarAccountsRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSearchFailureTexts } from '../../../lib/search-failure.ts';
import { refreshProfileIfTrialExpired } from '../../../lib/trial-expired.ts';

/** `POST /api/extractor/similar`: usernames of accounts like the given one. */
export function useFindSimilarAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TSimilarAccountsRequest) =>
      callEndpoint(EXTRACTOR_ENDPOINTS.similar, { body: request }),
    onError: (error) => refreshProfileIfTrialExpired(queryClient, error),
  });
}

export const SIMILAR_FAILURE_TEXTS: TSearchFailureTexts = {
  failed: 'Could not find similar accounts',
  providerFailed: 'The data provider did not answer. Please try again in a moment.',
  error: 'Error during search',
};
