import { EXTRACTOR_ENDPOINTS, type TSimilarAccountsRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import type { TSearchFailureTexts } from '../../../lib/search-failure.ts';
import { useLookup } from '../../../lib/trial-expired.ts';

/** `POST /api/extractor/similar`: usernames of accounts like the given one. */
export const useFindSimilarAccounts = () =>
  useLookup((body: TSimilarAccountsRequest) => callEndpoint(EXTRACTOR_ENDPOINTS.similar, { body }));

export const SIMILAR_FAILURE_TEXTS: TSearchFailureTexts = {
  failed: 'Could not find similar accounts',
  providerFailed: 'The data provider did not answer. Please try again in a moment.',
  error: 'Error during search',
};
