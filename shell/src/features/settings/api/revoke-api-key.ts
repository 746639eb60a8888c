import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** `DELETE /api/account/api-keys/:id`: the key stops working at once, everywhere. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ACCOUNT_ENDPOINTS.revokeApiKey, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
