import { apiKeyPath } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** `DELETE /api/account/api-keys/:id`: the key stops working at once, everywhere. */
export const revokeApiKey = (id: string) => apiRequest<void>(apiKeyPath(id), { method: 'DELETE' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
