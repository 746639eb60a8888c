import { ACCOUNT_PATHS, ZWebhookDeliveryListSchema, ZWebhookDeliverySchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Settings → Webhooks: the delivery log, newest first (`GET /api/account/webhooks/deliveries`). */
export const WEBHOOK_DELIVERIES_QUERY_KEY = ['account', 'webhooks', 'deliveries'] as const;

/** How often the log is asked again while a message waits for an attempt, and otherwise. */
const DELIVERIES_REFRESH_MS = { pending: 2_000, idle: 10_000 };

export const useWebhookDeliveries = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: WEBHOOK_DELIVERIES_QUERY_KEY,
    queryFn: async ({ signal }) =>
      ZWebhookDeliveryListSchema.parse(await apiRequest(ACCOUNT_PATHS.webhookDeliveries, { signal }))
        .deliveries,
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
    mutationFn: async (deliveryId: string) =>
      ZWebhookDeliverySchema.parse(
        await apiRequest(ACCOUNT_PATHS.webhookResend.replace(':deliveryId', encodeURIComponent(deliveryId)), {
          method: 'POST',
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY }),
  });
};
