import type { TClock } from '../clock.ts';

export interface TTokenBucket {
  /** Waits (on the clock) until a request may go out, first come first served. */
  take(signal?: AbortSignal): Promise<void>;
  /** The upstream said "slow down" for this long: nobody goes out before then. */
  pause(ms: number): void;
}

/**
 * A token bucket: `perMinute` requests a minute on average, bursts of up to `burst`. It lives in one
 * process, so N extractor instances allow N × perMinute in total (set the rate per instance).
 */
export function createTokenBucket(options: {
  perMinute: number;
  burst: number;
  clock: TClock;
}): TTokenBucket {
  const { clock } = options;
  const perMs = options.perMinute / 60_000;
  let tokens = options.burst;
  let updatedAt = clock.now();
  let pausedUntil = 0;
  // Waiters queue on one chain, so they leave in arrival order and never race for a token.
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const now = clock.now();
    tokens = Math.min(options.burst, tokens + (now - updatedAt) * perMs);
    updatedAt = now;
  };

  async function acquire(signal?: AbortSignal) {
    for (;;) {
      signal?.throwIfAborted();
      refill();
      const now = clock.now();
      if (pausedUntil > now) {
        await clock.sleep(pausedUntil - now, signal);
        continue;
      }
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await clock.sleep(Math.ceil((1 - tokens) / perMs), signal);
    }
  }

  return {
    take(signal) {
      const turn = queue.then(() => acquire(signal));
      // A waiter that gave up (aborted) must not block the ones behind it.
      queue = turn.catch(() => undefined);
      return turn;
    },
    pause(ms) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
  };
}
