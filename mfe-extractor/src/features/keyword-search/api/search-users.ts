import {
  EXTRACTOR_PATHS,
  type TKeywordSearchRequest,
  type TKeywordSearchResponse,
  ZKeywordSearchResponseSchema,
} from '@prospector/contracts';
import { ApiError, apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** `POST /api/extractor/search`: accounts matching a keyword, minus those the user already extracted. */
export const searchUsers = async (request: TKeywordSearchRequest): Promise<TKeywordSearchResponse> =>
  ZKeywordSearchResponseSchema.parse(
    await apiRequest(EXTRACTOR_PATHS.search, { method: 'POST', body: request }),
  );

export const useSearchUsers = () => useMutation({ mutationFn: searchUsers });

/** How a failed search is reported: inline under the field, or as a toast. */
export type TSearchFailure =
  | { kind: 'field'; message: string }
  | { kind: 'toast'; title: string; description?: string };

/** docs/product.md §8 "Checkout, search and extraction": "Search failed" / "Failed to search for users" / "Error during search". */
export const SEARCH_FAILED = 'Search failed';
export const SEARCH_PROVIDER_FAILED = 'Failed to search for users';
export const SEARCH_ERROR = 'Error during search';

/**
 * A refused keyword (400) belongs next to the field; the rate limit (429) and an unsupported provider
 * (422/501) carry the service's own sentence; a provider failure (502) is the spec's pair; anything
 * else (network down, a 500, an unreadable answer) is "Error during search".
 */
export function searchFailure(error: unknown): TSearchFailure {
  if (!(error instanceof ApiError)) return { kind: 'toast', title: SEARCH_ERROR };
  if (error.status === 400) return { kind: 'field', message: error.message };
  if (error.status === 502)
    return { kind: 'toast', title: SEARCH_FAILED, description: SEARCH_PROVIDER_FAILED };
  if (error.status === 429 || error.status === 422 || error.status === 501) {
    return { kind: 'toast', title: SEARCH_FAILED, description: error.message };
  }
  return { kind: 'toast', title: SEARCH_ERROR };
}
