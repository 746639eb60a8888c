/**
 * A fixed-window counter per key (the client address), held in this process. Enough to stop one
 * client from flooding an open endpoint; each instance counts on its own, so N instances allow N
 * times the limit, which is fine for a log that costs one small row per request.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one request for `key`; false when it goes over the limit of its window. */
    take(key: string, now = Date.now()): boolean {
      // Expired windows are dropped as they are met, so the map stays the size of recent clients.
      if (windows.size > 10_000) {
        for (const [other, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(other);
      }
      const window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
