import type { TProviderName } from '@prospector/contracts';
import { LRUCache } from 'lru-cache';
import { systemClock, type TClock } from '../clock.ts';
import type { TFetchProfileResult, TProfileCacheStore } from '../provider-port.ts';

/**
 * A profile cache in this process's memory (tests, and a fallback with no database), bounded in size:
 * the least recently used profile goes first. Its age limit comes with each read (`maxAgeMs`, as the
 * PostgreSQL store's does), so the entry keeps when it was stored rather than a TTL of its own.
 */
export function createMemoryProfileCacheStore(options: { clock?: TClock; maxEntries?: number } = {}) {
  const clock = options.clock ?? systemClock;
  const entries = new LRUCache<string, { result: TFetchProfileResult; storedAt: number }>({
    max: options.maxEntries ?? 10_000,
  });
  const keyOf = (provider: TProviderName, username: string) => `${provider}:${username}`;
  const store: TProfileCacheStore & { readonly size: number } = {
    async get(provider, username, maxAgeMs) {
      const entry = entries.get(keyOf(provider, username));
      if (!entry || clock.now() - entry.storedAt >= maxAgeMs) return null;
      return structuredClone(entry.result);
    },
    async set(provider, username, result) {
      entries.set(keyOf(provider, username), { result: structuredClone(result), storedAt: clock.now() });
    },
    get size() {
      return entries.size;
    },
  };
  return store;
}
