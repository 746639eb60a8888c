import type { TProviderName } from '@prospector/contracts';
import { systemClock, type TClock } from '../clock.ts';
import type { TFetchProfileResult, TProfileCacheStore } from '../provider-port.ts';

/** A profile cache in this process's memory (tests, and a fallback with no database), bounded in size. */
export function createMemoryProfileCacheStore(options: { clock?: TClock; maxEntries?: number } = {}) {
  const clock = options.clock ?? systemClock;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { result: TFetchProfileResult; storedAt: number }>();
  const keyOf = (provider: TProviderName, username: string) => `${provider}:${username}`;
  const store: TProfileCacheStore & { readonly size: number } = {
    async get(provider, username, maxAgeMs) {
      const entry = entries.get(keyOf(provider, username));
      if (!entry || clock.now() - entry.storedAt >= maxAgeMs) return null;
      return structuredClone(entry.result);
    },
    async set(provider, username, result) {
      const key = keyOf(provider, username);
      entries.delete(key);
      entries.set(key, { result: structuredClone(result), storedAt: clock.now() });
      // Maps keep insertion order: the first key is the oldest write.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
  return store;
}
