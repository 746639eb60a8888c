import {
  API_KEY_PATHS,
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
  ZCreatedApiKeySchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** `POST /api/account/api-keys`: the new key and its secret, which is shown this once. */
export const createApiKey = async (body: TCreateApiKeyRequest): Promise<TCreatedApiKey> =>
  ZCreatedApiKeySchema.parse(await apiRequest(API_KEY_PATHS.keys, { method: 'POST', body }));

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
