import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET /api/account/api-keys`: the user's keys, newest first, never their secrets. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'api-keys'] as const,
    queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.apiKeys, {}, { signal }),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
