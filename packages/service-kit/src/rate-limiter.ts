import { LRUCache } from 'lru-cache';

/**
 * The rate limiters of Prospector, and which one a limit uses. A limit that refuses a request says
 * `take(key)` (true: go on; false: over the limit, answer 429); the in-memory ones are this module's
 * `createRateLimiter`, the ones shared across processes keep the same `take(key)` asynchronously.
 *
 * - **In this process** (`createRateLimiter`, below): a sliding window per key; what it refuses is not
 *   counted. Each process counts on its own, so N instances allow N times the limit: for limits that
 *   only stop one client flooding — the consent log per client address
 *   (`services/marketing/src/routes/consents/consents.index.ts`) and the searches a minute per user
 *   (`services/extractor/src/discovery/discovery-context.ts`).
 * - **Shared in PostgreSQL**, where a limit must hold across every process and restart: the opt-out
 *   and access requests per address (`services/marketing/src/http/shared-rate-limiter.ts`, a fixed
 *   window, same `take(key)`), the public API's hourly requests per account
 *   (`services/account/src/api-keys/api-key-store.ts`, which also reports what is left as RateLimit
 *   headers), and one request per interval to a website host
 *   (`services/extractor/src/websites/http/host-rate-limit.ts`, which waits for its slot).
 *   Sign-in and the other auth paths are limited by better-auth's own limiter, kept in the account
 *   database (`services/account/src/auth/create-auth.ts`).
 * - **Waiting, not refusing**: the data provider's fair token bucket
 *   (`services/extractor/src/providers/compose/token-bucket.ts`) queues each call until a token is
 *   free, serving waiting users in turn.
 */
export interface TRateLimit {
  limit: number;
  windowMs: number;
}

export interface TRateLimiter {
  /** Counts one use of `key` and answers true, or answers false (and counts nothing) when it is over. */
  take(key: string): boolean;
}

/**
 * At most `limit` uses per key in any `windowMs`, kept in this process's memory. The keys are capped at
 * `maxKeys` (least recently used dropped first, then one forgotten key starts afresh), and a key's
 * times go once its last use is a window old.
 */
export function createRateLimiter(
  options: TRateLimit & { now?: () => number; maxKeys?: number },
): TRateLimiter {
  const now = options.now ?? Date.now;
  /** The times of each key's uses within the window, oldest first. */
  const uses = new LRUCache<string, number[]>({
    max: options.maxKeys ?? 10_000,
    ttl: options.windowMs,
    ttlResolution: 0,
    perf: { now },
  });
  return {
    take(key) {
      const at = now();
      const recent = (uses.get(key) ?? []).filter((time) => time > at - options.windowMs);
      if (recent.length >= options.limit) return false;
      recent.push(at);
      uses.set(key, recent);
      return true;
    },
  };
}
