import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** `DELETE /api/account/api-keys/:id`: the key stops working at once, everywhere. */
export const revokeApiKey = (id: string) => callEndpoint(ACCOUNT_ENDPOINTS.revokeApiKey, { params: { id } });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
