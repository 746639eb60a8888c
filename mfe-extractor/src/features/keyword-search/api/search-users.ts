import { EXTRACTOR_ENDPOINTS, type TKeywordSearchRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSearchFailureTexts } from '../../../lib/search-failure.ts';
import { refreshProfileIfTrialExpired } from '../../../lib/trial-expired.ts';

/** `POST /api/extractor/search`: accounts matching a keyword, minus those the user already extracted. */
export function useSearchUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TKeywordSearchRequest) =>
      callEndpoint(EXTRACTOR_ENDPOINTS.search, { body: request }),
    onError: (error) => refreshProfileIfTrialExpired(queryClient, error),
  });
}

/** docs/product.md §8 "Checkout, search and extraction": "Search failed" / "Failed to search for users" / "Error during search". */
export const SEARCH_FAILURE_TEXTS: TSearchFailureTexts = {
  failed: 'Search failed',
  providerFailed: 'Failed to search for users',
  error: 'Error during search',
};
