import { ACCOUNT_ENDPOINTS, type TCreateApiKeyRequest, type TCreatedApiKey } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /api/account/api-keys`: the user's keys, newest first, never their secrets. */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysQueryKey, queryFn: () => callEndpoint(ACCOUNT_ENDPOINTS.apiKeys) });

/** `POST /api/account/api-keys`: the new key and its secret, which is shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest): Promise<TCreatedApiKey> =>
      callEndpoint(ACCOUNT_ENDPOINTS.createApiKey, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** `DELETE /api/account/api-keys/:id`: the key stops working at once, everywhere. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ACCOUNT_ENDPOINTS.revokeApiKey, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
