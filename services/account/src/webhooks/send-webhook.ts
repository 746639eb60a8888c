import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockedAddressError, checkedLookup, ipLiteralOf } from '@prospector/service-kit';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_HTTPS_REQUIRED_MESSAGE,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  webhookAddressPolicy,
} from './endpoint-url.ts';
import type { TWebhookConfig } from './webhook-config.ts';

export const WEBHOOK_USER_AGENT = 'Prospector-Webhooks/1.0';

/** An attempt's outcome: the endpoint's status, or why none came (refused address, timeout, …). */
export type TAttemptOutcome = { status: number } | { error: string };

/** Bytes of an answer read before the connection is closed: the body is not used. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The Standard Webhooks headers for one attempt: the id stays, the timestamp is now, signed together. */
export function signWebhook(options: { id: string; secret: string; body: string; at: Date }) {
  return {
    'webhook-id': options.id,
    'webhook-timestamp': String(Math.floor(options.at.getTime() / 1000)),
    'webhook-signature': new Webhook(options.secret).sign(options.id, options.at, options.body),
  };
}

/**
 * One POST to the endpoint. The name is resolved once and every address checked before the socket
 * connects, to the checked address (so a DNS answer that changes in between, rebinding, is never used);
 * redirects are not followed; the attempt ends after `timeoutMs`. Never throws.
 */
export function sendWebhook(options: {
  url: string;
  id: string;
  secret: string;
  body: string;
  config: TWebhookConfig;
  now?: Date;
}): Promise<TAttemptOutcome> {
  const { config } = options;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve({ error: 'The webhook URL is not valid' });
  }
  if (url.protocol !== 'https:' && (config.requireHttps || url.protocol !== 'http:')) {
    return Promise.resolve({ error: WEBHOOK_HTTPS_REQUIRED_MESSAGE });
  }
  const policy = webhookAddressPolicy(config);
  const literal = ipLiteralOf(url.hostname);
  if (literal && !policy.allows(literal)) return Promise.resolve({ error: WEBHOOK_PRIVATE_ADDRESS_MESSAGE });

  const headers = {
    ...signWebhook({ ...options, at: options.now ?? new Date() }),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(options.body)),
    'user-agent': WEBHOOK_USER_AGENT,
  };
  return new Promise<TAttemptOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: TAttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      agent: false,
      headers,
      lookup: checkedLookup(policy, config.resolve, { every: true }),
    });
    const timer = setTimeout(
      () => settle({ error: `No answer within ${Math.round(config.timeoutMs / 1000)} s` }),
      config.timeoutMs,
    );
    request.on('error', (error) =>
      settle({
        error:
          error instanceof BlockedAddressError
            ? WEBHOOK_PRIVATE_ADDRESS_MESSAGE
            : `Could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
      }),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // Read a little of the answer so the endpoint's server sees it taken, then hang up.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.byteLength;
        if (read > MAX_ANSWER_BYTES) settle({ status });
      });
      response.on('end', () => settle({ status }));
      response.on('error', () => settle({ status }));
    });
    request.end(options.body);
  });
}
