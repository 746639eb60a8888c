/**
 * A small LRU map whose entries expire: DNS answers per domain, so a batch of a thousand addresses on
 * one domain asks once. Loads of one key run once at a time (`remember` shares the pending promise).
 */
export function createTtlCache<TValue>(options: { maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: TValue; expiresAt: number }>();
  const pending = new Map<string, Promise<TValue>>();

  const get = (key: string): TValue | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expiresAt <= now()) return undefined;
    entries.set(key, entry); // most recently used last
    return entry.value;
  };
  const set = (key: string, value: TValue, ttlMs: number) => {
    entries.delete(key);
    if (ttlMs <= 0) return;
    entries.set(key, { value, expiresAt: now() + ttlMs });
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    get,
    set,
    /** The cached value, or `load()`'s, kept for `ttlOf(value)` ms (0: not kept). */
    async remember(
      key: string,
      load: () => Promise<TValue>,
      ttlOf: (value: TValue) => number,
    ): Promise<TValue> {
      const cached = get(key);
      if (cached !== undefined) return cached;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const loading = load()
        .then((value) => {
          set(key, value, ttlOf(value));
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, loading);
      return loading;
    },
  };
}
