import { AppError } from '@prospector/contracts';
import {
  createAddressPolicy,
  ipLiteralOf,
  systemResolve,
  type TAddressPolicy,
} from '@prospector/service-kit';
import type { TWebhookConfig } from './webhook-config.ts';

export const WEBHOOK_HTTPS_REQUIRED_MESSAGE = 'The webhook URL must start with https://';
export const WEBHOOK_PRIVATE_ADDRESS_MESSAGE =
  'The webhook URL must lead to a public address, not a private, loopback or link-local one';
export const WEBHOOK_UNKNOWN_HOST_MESSAGE = 'The host name of the webhook URL could not be found';

export const webhookAddressPolicy = (config: Pick<TWebhookConfig, 'allowance'>): TAddressPolicy =>
  createAddressPolicy(config.allowance);

/**
 * What an endpoint URL must be before it is saved: http(s) without credentials, https in production,
 * and a host whose every address is public (a literal one, or each address its name resolves to now).
 * Sending checks again at connection time (`sendWebhook`), since DNS answers change.
 */
export async function checkEndpointUrl(raw: string, config: TWebhookConfig): Promise<URL> {
  const url = new URL(raw);
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message);
  if (config.requireHttps && url.protocol !== 'https:') throw refuse(WEBHOOK_HTTPS_REQUIRED_MESSAGE);
  const policy = webhookAddressPolicy(config);
  const literal = ipLiteralOf(url.hostname);
  if (literal) {
    if (!policy.allows(literal)) throw refuse(WEBHOOK_PRIVATE_ADDRESS_MESSAGE);
    return url;
  }
  const found = await (config.resolve ?? systemResolve)(url.hostname, 0).catch(() => []);
  if (found.length === 0) throw refuse(WEBHOOK_UNKNOWN_HOST_MESSAGE);
  if (found.some((entry) => !policy.allows(entry.address))) throw refuse(WEBHOOK_PRIVATE_ADDRESS_MESSAGE);
  return url;
}
