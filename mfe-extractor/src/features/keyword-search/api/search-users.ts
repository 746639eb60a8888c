import { EXTRACTOR_ENDPOINTS, type TKeywordSearchRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import type { TSearchFailureTexts } from '../../../lib/search-failure.ts';
import { useLookup } from '../../../lib/trial-expired.ts';

/** `POST /api/extractor/search`: accounts matching a keyword, minus those the user already extracted. */
export const useSearchUsers = () =>
  useLookup((body: TKeywordSearchRequest) => callEndpoint(EXTRACTOR_ENDPOINTS.search, { body }));

/** docs/product.md §8 "Checkout, search and extraction": "Search failed" / "Failed to search for users" / "Error during search". */
export const SEARCH_FAILURE_TEXTS: TSearchFailureTexts = {
  failed: 'Search failed',
  providerFailed: 'Failed to search for users',
  error: 'Error during search',
};
