import type { TDataProvider, TFetchProfileResult, TProfileCacheStore } from '../provider-port.ts';

export interface TProfileCacheOptions {
  store: TProfileCacheStore;
  /** How long a fetched profile (or a "not found") is reused; 0 turns the cache off. */
  ttlMs: number;
  /** A cache that cannot be read or written never fails a fetch; it is reported here. */
  onCacheError?: (error: unknown) => void;
}

/**
 * Reuses a profile fetched within the TTL (the same account twice in a day costs one provider call),
 * and lets concurrent fetches of one username in this process share a single call.
 */
export function withProfileCache(provider: TDataProvider, options: TProfileCacheOptions): TDataProvider {
  if (options.ttlMs <= 0) return provider;
  const inFlight = new Map<string, Promise<TFetchProfileResult>>();
  const report = (error: unknown) => options.onCacheError?.(error);

  async function fetchThrough(
    username: string,
    signal: AbortSignal | undefined,
  ): Promise<TFetchProfileResult> {
    const cached = await options.store.get(provider.name, username, options.ttlMs).catch((error: unknown) => {
      report(error);
      return null;
    });
    if (cached) return cached;
    const result = await provider.fetchProfile(username, { signal });
    await options.store.set(provider.name, username, result).catch(report);
    return result;
  }

  return {
    ...provider,
    fetchProfile(username, callOptions) {
      const pending = inFlight.get(username);
      if (pending) return pending;
      const fetching = fetchThrough(username, callOptions?.signal).finally(() => inFlight.delete(username));
      inFlight.set(username, fetching);
      return fetching;
    },
    searchUsers: (keyword, callOptions) => provider.searchUsers(keyword, callOptions),
    similarAccounts: (username, callOptions) => provider.similarAccounts(username, callOptions),
  };
}
