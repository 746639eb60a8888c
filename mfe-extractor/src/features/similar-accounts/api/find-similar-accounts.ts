import {
  EXTRACTOR_PATHS,
  type TSimilarAccountsRequest,
  type TSimilarAccountsResponse,
  ZSimilarAccountsResponseSchema,
} from '@prospector/contracts';
import { ApiError, apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** `POST /api/extractor/similar`: usernames of accounts like the given one. */
export const findSimilarAccounts = async (
  request: TSimilarAccountsRequest,
): Promise<TSimilarAccountsResponse> =>
  ZSimilarAccountsResponseSchema.parse(
    await apiRequest(EXTRACTOR_PATHS.similar, { method: 'POST', body: request }),
  );

export const useFindSimilarAccounts = () => useMutation({ mutationFn: findSimilarAccounts });

export type TSimilarFailure =
  | { kind: 'field'; message: string }
  | { kind: 'toast'; title: string; description?: string };

export const SIMILAR_FAILED = 'Could not find similar accounts';
export const SIMILAR_PROVIDER_FAILED = 'The data provider did not answer. Please try again in a moment.';
export const SIMILAR_ERROR = 'Error during search';

/**
 * A refused username (400) belongs next to the field; the rate limit (429) and an unsupported provider
 * (422/501) carry the service's sentence; a provider failure (502) and anything else (network down, a
 * 500, an unreadable answer) get fixed wording, never a raw upstream message.
 */
export function similarFailure(error: unknown): TSimilarFailure {
  if (!(error instanceof ApiError)) return { kind: 'toast', title: SIMILAR_ERROR };
  if (error.status === 400) return { kind: 'field', message: error.message };
  if (error.status === 502)
    return { kind: 'toast', title: SIMILAR_FAILED, description: SIMILAR_PROVIDER_FAILED };
  if (error.status === 429 || error.status === 422 || error.status === 501) {
    return { kind: 'toast', title: SIMILAR_FAILED, description: error.message };
  }
  return { kind: 'toast', title: SIMILAR_ERROR };
}
