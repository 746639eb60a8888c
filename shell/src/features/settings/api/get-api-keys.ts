import { API_KEY_PATHS, type TApiKeyList, ZApiKeyListSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /api/account/api-keys`: the user's keys, newest first, never their secrets. */
export const getApiKeys = async (): Promise<TApiKeyList> =>
  ZApiKeyListSchema.parse(await apiRequest(API_KEY_PATHS.keys));

export const getApiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());
