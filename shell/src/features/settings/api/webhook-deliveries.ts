import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Settings → Webhooks: the delivery log, newest first (`GET /api/account/webhooks/deliveries`). */
export const WEBHOOK_DELIVERIES_QUERY_KEY = ['account', 'webhooks', 'deliveries'] as const;

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
