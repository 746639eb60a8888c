/**
 * Ports the end-to-end compositions listen on, away from the defaults a developer may be using.
 * `E2E_PORT_OFFSET` moves them all, so two checkouts on one machine can run their journeys at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

export const EMBEDDED_PORT = 3300 + offset;
export const DISTRIBUTED_PORTS = {
  edge: 3400 + offset,
  account: 3401 + offset,
  marketing: 3402 + offset,
  extractor: 3403 + offset,
  database: 3404 + offset,
  billing: 3405 + offset,
} as const;

/** Sign-in/up attempts per minute the e2e compositions allow per address (the product default is 5). */
export const E2E_AUTH_RATE_LIMIT_MAX = 10_000;

/** A second embedded server whose deploy lacks the billing remote's files (a broken deploy). */
export const MISSING_REMOTE_PORT = 3350 + offset;

/**
 * How runs are paced on the servers under test. The product works several accounts of a run at once with
 * no pause (the provider's rate limiter paces it); here one account at a time, 1.5 s apart, so a journey
 * can reload and cancel a trial's 25-account run before it ends, and "the current account" is one, on a
 * busy machine too.
 */
export const E2E_RUN_PACING = { EXTRACTION_ITEM_DELAY_MS: '1500', EXTRACTION_RUN_LANES: '1' };

/** The webhooks journey's receiver listens on this machine: the servers under test may call it. */
export const E2E_WEBHOOKS = { WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' };
