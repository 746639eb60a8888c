import { EXTRACTOR_PATHS, type TProviderInfo, ZProviderInfoSchema } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROVIDER_QUERY_KEY = ['extractor', 'provider'] as const;

/** `GET /api/extractor/provider`: which data provider answers (the sandbox's profiles are generated). */
export const getProvider = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TProviderInfo> =>
  ZProviderInfoSchema.parse(await apiRequest(EXTRACTOR_PATHS.provider, { signal }));

// The provider is chosen when the service starts; it does not change while the page is open.
export const providerQueryOptions = () =>
  queryOptions({ queryKey: PROVIDER_QUERY_KEY, queryFn: getProvider, staleTime: Number.POSITIVE_INFINITY });

export const useProvider = () => useQuery(providerQueryOptions());
