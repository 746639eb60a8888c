import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

export const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /api/account/api-keys`: the user's keys, newest first, never their secrets. */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysQueryKey, queryFn: () => callEndpoint(ACCOUNT_ENDPOINTS.apiKeys) });
