import { ACCOUNT_ENDPOINTS, type TWebhookEndpointUpdate } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useWebhookSettingsChange } from './get-webhook-settings.ts';

/** `PUT /api/account/webhooks`: sets the URL; the first time, the answer carries a new secret. */
export const useSaveWebhookEndpoint = () =>
  useWebhookSettingsChange((body: TWebhookEndpointUpdate) =>
    callEndpoint(ACCOUNT_ENDPOINTS.saveWebhook, { body }),
  );
