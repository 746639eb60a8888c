/** Ports the end-to-end compositions listen on, away from the defaults a developer may be using. */
export const EMBEDDED_PORT = 3300;
export const DISTRIBUTED_PORTS = {
  edge: 3400,
  account: 3401,
  marketing: 3402,
  extractor: 3403,
  database: 3404,
  billing: 3405,
} as const;

/** Sign-in/up attempts per minute the e2e compositions allow per address (the product default is 5). */
export const E2E_AUTH_RATE_LIMIT_MAX = 10_000;

/** A second embedded server whose deploy lacks the billing remote's files (a broken deploy). */
export const MISSING_REMOTE_PORT = 3350;
