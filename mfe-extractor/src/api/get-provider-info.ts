import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET /api/extractor/provider`: which data provider answers and whether it can search. */
export const providerInfoQueryOptions = () =>
  queryOptions({
    // One cache entry for every extractor page that asks which provider answers (shared by the features).
    queryKey: ['extractor', 'provider'] as const,
    queryFn: ({ signal }) => callEndpoint(EXTRACTOR_ENDPOINTS.provider, {}, { signal }),
    // The provider is chosen when the service starts; it does not change while a page is open.
    staleTime: 5 * 60_000,
  });

export const useProviderInfo = () => useQuery(providerInfoQueryOptions());
