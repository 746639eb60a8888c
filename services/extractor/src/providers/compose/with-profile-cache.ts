import { limitProfileText } from '@prospector/contracts';
import type { TDataProvider, TFetchProfileResult, TProfileCacheStore } from '../provider-port.ts';

export interface TProfileCacheOptions {
  store: TProfileCacheStore;
  /** How long a fetched profile (or a "not found") is reused; 0 turns the cache off. */
  ttlMs: number;
  /** A cache that cannot be read or written never fails a fetch; it is reported here. */
  onCacheError?: (error: unknown) => void;
}

/**
 * What the cache keeps of an answer: the profile with its texts capped (`limitProfileText`, as
 * `withTextLimits` caps every answer on the way out), so one hostile profile (a 900 KB biography, ten
 * thousand addresses) stores a few KB, not what the provider sent.
 */
export function cachedFormOf(result: TFetchProfileResult, username: string): TFetchProfileResult {
  return result.kind === 'found'
    ? { kind: 'found', profile: limitProfileText(result.profile, username) }
    : result;
}

/** The caller stops waiting when its signal aborts; the shared work goes on for the others. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Reuses a profile fetched within the TTL (the same account twice in a day costs one provider call),
 * and lets concurrent fetches of one username in this process share a single call. That shared call
 * belongs to no one caller, so one caller's abort ends only its own wait; the answer is still cached.
 */
export function withProfileCache(provider: TDataProvider, options: TProfileCacheOptions): TDataProvider {
  if (options.ttlMs <= 0) return provider;
  const inFlight = new Map<string, Promise<TFetchProfileResult>>();
  const report = (error: unknown) => options.onCacheError?.(error);

  /** Past the cache (and any shared call, which may be a cache read): the answer replaces the cached one. */
  async function fetchFresh(username: string, userId: string | undefined): Promise<TFetchProfileResult> {
    const result = await provider.fetchProfile(username, { userId });
    await options.store.set(provider.name, username, cachedFormOf(result, username)).catch(report);
    return result;
  }

  /** On behalf of the first caller (the rate limiter's turn is theirs); no caller's signal ends it. */
  async function fetchThrough(username: string, userId: string | undefined): Promise<TFetchProfileResult> {
    const cached = await options.store.get(provider.name, username, options.ttlMs).catch((error: unknown) => {
      report(error);
      return null;
    });
    return cached ?? fetchFresh(username, userId);
  }

  // Only profiles are cached; lists are not: a page is asked for once, and its cursor may expire.
  return {
    ...provider,
    fetchProfile(username, callOptions) {
      if (callOptions?.fresh)
        return untilAborted(fetchFresh(username, callOptions.userId), callOptions.signal);
      let fetching = inFlight.get(username);
      if (!fetching) {
        fetching = fetchThrough(username, callOptions?.userId).finally(() => inFlight.delete(username));
        inFlight.set(username, fetching);
      }
      return untilAborted(fetching, callOptions?.signal);
    },
  };
}
