import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** How often the log is asked again while a message waits for an attempt, and otherwise. */
const DELIVERIES_REFRESH_MS = { pending: 2_000, idle: 10_000 };

/** Settings → Webhooks: the delivery log, newest first (`GET /api/account/webhooks/deliveries`). */
export const webhookDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'webhooks', 'deliveries'] as const,
    queryFn: async ({ signal }) =>
      (await callEndpoint(ACCOUNT_ENDPOINTS.webhookDeliveries, {}, { signal })).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending')
        ? DELIVERIES_REFRESH_MS.pending
        : DELIVERIES_REFRESH_MS.idle,
  });

export const useWebhookDeliveries = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...webhookDeliveriesQueryOptions(), enabled });
