import type { TClock } from '../providers/clock.ts';

/**
 * A sliding-window limit per user (searches a minute). It lives in this process: behind several
 * extractor instances a user gets the limit once per instance they reach.
 */
export function createUserRateLimit(options: { limit: number; windowMs: number; clock: TClock }) {
  const recent = new Map<string, number[]>();

  const prune = (now: number) => {
    for (const [userId, times] of recent) {
      if ((times.at(-1) ?? 0) <= now - options.windowMs) recent.delete(userId);
    }
  };

  return {
    /** Counts one use and answers true, or answers false (and counts nothing) when the user is over. */
    tryTake(userId: string): boolean {
      const now = options.clock.now();
      if (recent.size > 10_000) prune(now);
      const times = (recent.get(userId) ?? []).filter((time) => time > now - options.windowMs);
      const allowed = times.length < options.limit;
      if (allowed) times.push(now);
      recent.set(userId, times);
      return allowed;
    },
  };
}
