import { ACCOUNT_ENDPOINTS, type TWebhookEndpointUpdate, type TWebhookSettings } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Settings → Webhooks: the signed-in user's endpoint with its secret (`GET /api/account/webhooks`). */
const WEBHOOK_SETTINGS_QUERY_KEY = ['account', 'webhooks'] as const;

export const useWebhookSettings = () =>
  useQuery({
    queryKey: WEBHOOK_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.webhooks, {}, { signal }),
  });

/** A change of the endpoint answers with the endpoint after it; the cache takes that answer. */
function useEndpointMutation<TInput>(request: (input: TInput) => Promise<TWebhookSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings: TWebhookSettings) => client.setQueryData(WEBHOOK_SETTINGS_QUERY_KEY, settings),
  });
}

/** `PUT /api/account/webhooks`: sets the URL; the first time, the answer carries a new secret. */
export const useSaveWebhookEndpoint = () =>
  useEndpointMutation((body: TWebhookEndpointUpdate) =>
    callEndpoint(ACCOUNT_ENDPOINTS.saveWebhook, { body }),
  );

/** `POST /api/account/webhooks/secret`: a new secret signs every attempt from now on. */
export const useRotateWebhookSecret = () =>
  useEndpointMutation(() => callEndpoint(ACCOUNT_ENDPOINTS.rotateWebhookSecret));

/** `DELETE /api/account/webhooks`. */
export const useRemoveWebhookEndpoint = () =>
  useEndpointMutation(async () => {
    // 204: nothing is set any more.
    await callEndpoint(ACCOUNT_ENDPOINTS.deleteWebhook);
    return { endpoint: null };
  });

/** Settings → Webhooks: the delivery log, newest first (`GET /api/account/webhooks/deliveries`). */
const WEBHOOK_DELIVERIES_QUERY_KEY = ['account', 'webhooks', 'deliveries'] as const;

/** How often the log is asked again while a message waits for an attempt, and otherwise. */
const DELIVERIES_REFRESH_MS = { pending: 2_000, idle: 10_000 };

export const useWebhookDeliveries = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: WEBHOOK_DELIVERIES_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await callEndpoint(ACCOUNT_ENDPOINTS.webhookDeliveries, {}, { signal })).deliveries,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending')
        ? DELIVERIES_REFRESH_MS.pending
        : DELIVERIES_REFRESH_MS.idle,
  });

/** `POST …/deliveries/:id/resend`: the log shows the message waiting, then its new attempt. */
export const useResendWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      callEndpoint(ACCOUNT_ENDPOINTS.resendWebhook, { params: { deliveryId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY }),
  });
};
