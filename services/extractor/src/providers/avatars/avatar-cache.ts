import type { TClock } from '../clock.ts';

export interface TCachedAvatar {
  contentType: string;
  body: Uint8Array;
}

/**
 * The avatar fetcher's memory cache: at most `entries` pictures and `bytes` bytes, the least recently
 * used dropped first; a picture older than `ttlMs` is not served (a new download replaces it).
 */
export function createAvatarCache(limits: { entries: number; bytes: number; ttlMs: number; clock: TClock }) {
  const cache = new Map<string, TCachedAvatar & { storedAt: number }>();
  let cachedBytes = 0;

  return {
    /** The fresh picture kept for `url`, marked most recently used. */
    get(url: string): TCachedAvatar | undefined {
      const cached = cache.get(url);
      if (!cached || limits.clock.now() - cached.storedAt >= limits.ttlMs) return undefined;
      // Re-inserting marks it most recently used.
      cache.delete(url);
      cache.set(url, cached);
      return { contentType: cached.contentType, body: cached.body };
    },

    remember(url: string, contentType: string, body: Uint8Array): void {
      const previous = cache.get(url);
      if (previous) {
        cache.delete(url);
        cachedBytes -= previous.body.byteLength;
      }
      cache.set(url, { contentType, body, storedAt: limits.clock.now() });
      cachedBytes += body.byteLength;
      for (const [key, entry] of cache) {
        if (cache.size <= limits.entries && cachedBytes <= limits.bytes) break;
        cache.delete(key);
        cachedBytes -= entry.body.byteLength;
      }
    },
  };
}
