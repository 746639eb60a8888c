import {
  ACCOUNT_PATHS,
  type TWebhookEndpointUpdate,
  type TWebhookSettings,
  ZWebhookSettingsSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Settings → Webhooks: the signed-in user's endpoint with its secret (`GET /api/account/webhooks`). */
export const WEBHOOK_SETTINGS_QUERY_KEY = ['account', 'webhooks'] as const;

export const useWebhookSettings = () =>
  useQuery({
    queryKey: WEBHOOK_SETTINGS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      ZWebhookSettingsSchema.parse(await apiRequest(ACCOUNT_PATHS.webhooks, { signal })),
  });

/** A change of the endpoint answers with the endpoint after it; the cache takes that answer. */
function useEndpointMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => {
      const answer = await request(input);
      return answer === undefined ? { endpoint: null } : ZWebhookSettingsSchema.parse(answer);
    },
    onSuccess: (settings: TWebhookSettings) => client.setQueryData(WEBHOOK_SETTINGS_QUERY_KEY, settings),
  });
}

/** `PUT /api/account/webhooks`: sets the URL; the first time, the answer carries a new secret. */
export const useSaveWebhookEndpoint = () =>
  useEndpointMutation((body: TWebhookEndpointUpdate) =>
    apiRequest(ACCOUNT_PATHS.webhooks, { method: 'PUT', body }),
  );

/** `POST /api/account/webhooks/secret`: a new secret signs every attempt from now on. */
export const useRotateWebhookSecret = () =>
  useEndpointMutation(() => apiRequest(ACCOUNT_PATHS.webhookSecret, { method: 'POST' }));

/** `DELETE /api/account/webhooks`. */
export const useRemoveWebhookEndpoint = () =>
  useEndpointMutation(() => apiRequest(ACCOUNT_PATHS.webhooks, { method: 'DELETE' }));
