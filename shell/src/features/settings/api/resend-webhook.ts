import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries.ts';

/** `POST …/deliveries/:id/resend`: the log shows the message waiting, then its new attempt. */
export function useResendWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      callEndpoint(ACCOUNT_ENDPOINTS.resendWebhook, { params: { deliveryId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions().queryKey }),
  });
}
