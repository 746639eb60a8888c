/**
 * Time as the providers see it: the limiter, the backoff and the cache ask this instead of `Date` and
 * `setTimeout`, so tests move time by hand and never sleep.
 */
export interface TClock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: TClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * A clock that only moves when told to: `sleep` records the wait and advances time at once, so code
 * that backs off runs instantly and the test reads `sleeps` to see what it waited.
 */
export function createManualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
    advance(ms: number) {
      now += ms;
    },
    sleeps,
  } satisfies TClock & Record<string, unknown>;
}
