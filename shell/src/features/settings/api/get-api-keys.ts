import { ACCOUNT_ENDPOINTS, type TApiKeyList } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /api/account/api-keys`: the user's keys, newest first, never their secrets. */
export const getApiKeys = (): Promise<TApiKeyList> => callEndpoint(ACCOUNT_ENDPOINTS.apiKeys);

export const getApiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());
