import { ACCOUNT_ENDPOINTS, type TWebhookSettings } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Settings → Webhooks: the signed-in user's endpoint with its secret (`GET /api/account/webhooks`). */
export const webhookSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'webhooks'] as const,
    queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.webhooks, {}, { signal }),
  });

export const useWebhookSettings = () => useQuery(webhookSettingsQueryOptions());

/** A change of the endpoint (save, rotate, remove) answers with the endpoint after it; the cache takes that answer. */
export function useWebhookSettingsChange<TInput>(request: (input: TInput) => Promise<TWebhookSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings) => client.setQueryData(webhookSettingsQueryOptions().queryKey, settings),
  });
}
