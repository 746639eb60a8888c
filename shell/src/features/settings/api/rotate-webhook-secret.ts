import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useWebhookSettingsChange } from './get-webhook-settings.ts';

/** `POST /api/account/webhooks/secret`: a new secret signs every attempt from now on. */
export const useRotateWebhookSecret = () =>
  useWebhookSettingsChange(() => callEndpoint(ACCOUNT_ENDPOINTS.rotateWebhookSecret));
