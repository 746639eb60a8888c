import type { TWebhookConfig } from './webhook-config.ts';

/**
 * When a message that just failed its `attempts`-th attempt is tried again: exponential backoff from
 * `retryBaseMs` (5 s, 10 s, 20 s, … capped at `retryMaxDelayMs`), stretched by up to a tenth at random
 * so endpoints that failed together are not all called again at the same instant. Null once the next
 * attempt would fall outside the retry window: the message has failed for good.
 */
export function nextAttemptAt(options: {
  attempts: number;
  now: Date;
  windowStartedAt: Date;
  config: Pick<TWebhookConfig, 'retryBaseMs' | 'retryMaxDelayMs' | 'retryWindowMs'>;
  random?: () => number;
}): Date | null {
  const { attempts, now, windowStartedAt, config } = options;
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  const delay = Math.min(config.retryBaseMs * 2 ** exponent, config.retryMaxDelayMs);
  const next = now.getTime() + delay * (1 + 0.1 * (options.random ?? Math.random)());
  return next > windowStartedAt.getTime() + config.retryWindowMs ? null : new Date(next);
}
