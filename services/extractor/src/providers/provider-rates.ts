import type { PROVIDER_NAMES } from '@prospector/contracts';

/**
 * The rate each provider states it accepts, in requests a minute: what `pnpm start` ships as the limiter
 * (`EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE` unset) and what the run lanes are derived from. Per process
 * (each extractor process has its own token bucket), so with N processes set the variable to the
 * provider's rate ÷ N. See src/providers/README.md, "Rate limit, retries, cache".
 */
export const PROVIDER_REQUESTS_PER_MINUTE: Record<(typeof PROVIDER_NAMES)[number], number> = {
  // The sandbox stands in for a real API: it states 2 requests a second, as a modest paid plan would, so
  // runs are paced in development as they will be with a real provider. It enforces the rate only with
  // SANDBOX_RATE_LIMIT_PER_MINUTE set (unset, it never refuses).
  sandbox: 120,
  // Apify publishes no per-minute figure for synchronous actor runs (each is a scrape of its own, bounded
  // by the account's memory and concurrent runs): 120 is our starting point, not Apify's statement.
  apify: 120,
  // Meta states Business Discovery limits per app user and per rolling hour (code 4/17/32/613 when
  // reached, which the retries treat as a 429): 120 is our starting point; set the variable to your
  // app's allowance.
  graph: 120,
};

/** The limiter's rate: EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE when set, else the configured provider's own. */
export const providerRequestsPerMinute = (env: {
  EXTRACTOR_PROVIDER: (typeof PROVIDER_NAMES)[number];
  EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE?: number | undefined;
}): number =>
  env.EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE ?? PROVIDER_REQUESTS_PER_MINUTE[env.EXTRACTOR_PROVIDER];
