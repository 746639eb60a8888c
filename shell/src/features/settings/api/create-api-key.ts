import { ACCOUNT_ENDPOINTS, type TCreateApiKeyRequest, type TCreatedApiKey } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** `POST /api/account/api-keys`: the new key and its secret, which is shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest): Promise<TCreatedApiKey> =>
      callEndpoint(ACCOUNT_ENDPOINTS.createApiKey, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
