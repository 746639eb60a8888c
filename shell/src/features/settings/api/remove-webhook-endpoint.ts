import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useWebhookSettingsChange } from './get-webhook-settings.ts';

/** `DELETE /api/account/webhooks`. */
export const useRemoveWebhookEndpoint = () =>
  useWebhookSettingsChange(async () => {
    // 204: nothing is set any more.
    await callEndpoint(ACCOUNT_ENDPOINTS.deleteWebhook);
    return { endpoint: null };
  });
