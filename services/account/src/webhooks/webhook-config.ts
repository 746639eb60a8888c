import type { TResolveHost } from '@prospector/service-kit';

/** How webhooks are checked, sent and retried (docs/architecture.md §16). */
export interface TWebhookConfig {
  /** NODE_ENV=production: only https endpoints are accepted and called. */
  requireHttps: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE_HOSTS: non-public addresses or CIDR ranges endpoints may still use (a local
   * receiver in tests and development); refused in production.
   */
  allowance: readonly string[];
  /**
   * How long one attempt may take, name resolution and connection to answer; then it has failed and is
   * retried like any other failure. Must stay below `leaseMs`.
   */
  timeoutMs: number;
  /** Attempts one process has in flight at once, over all endpoints. */
  concurrency: number;
  /**
   * Attempts in flight to one endpoint at once, over all processes: a slow or dead endpoint holds at
   * most this many of the sender's slots, and its other messages wait for its own turn only.
   */
  perEndpointConcurrency: number;
  /** The wait after the first failed attempt; it doubles after each further one, up to `retryMaxDelayMs`. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** No attempt is made later than this after the message was created (or resent). */
  retryWindowMs: number;
  /** How often a process looks for due messages besides the ones it wrote itself. */
  pollMs: number;
  /** How long a claimed message stays with its process; a process that died gives it up after this. */
  leaseMs: number;
  /** Name resolution (the system's unless a test gives its own). */
  resolve?: TResolveHost;
}

export const DEFAULT_WEBHOOK_CONFIG: TWebhookConfig = {
  requireHttps: false,
  allowance: [],
  timeoutMs: 10_000,
  concurrency: 16,
  perEndpointConcurrency: 2,
  retryBaseMs: 5_000,
  retryMaxDelayMs: 4 * 60 * 60_000,
  retryWindowMs: 24 * 60 * 60_000,
  pollMs: 1_000,
  leaseMs: 30_000,
};
