import type { TClock } from '../clock.ts';

export interface TTakeOptions {
  signal?: AbortSignal;
  /** Who asks (a user id): waiting callers are served one per asker in turn, so no one waits behind another's batch. */
  key?: string;
}

interface TWaiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * A token bucket: `perMinute` requests a minute on average, bursts of up to `burst`. Waiting callers are
 * grouped by their key and served round robin: with a 1,000-account batch of one user waiting, another
 * user's single request gets the next token but one. So a run can keep many requests waiting (it uses
 * every token nobody else wants) and still leaves each other user an equal share.
 *
 * It lives in one process, so N extractor instances allow N × perMinute in total (set the rate per
 * instance).
 */
export function createTokenBucket(options: { perMinute: number; burst: number; clock: TClock }) {
  const { clock } = options;
  const perMs = options.perMinute / 60_000;
  let tokens = options.burst;
  let updatedAt = clock.now();
  let pausedUntil = 0;
  /** Waiting callers per key; the map's order is the turn order (a served key goes to the back). */
  const waiting = new Map<string, TWaiter[]>();
  let dispatching = false;

  const refill = () => {
    const now = clock.now();
    tokens = Math.min(options.burst, tokens + (now - updatedAt) * perMs);
    updatedAt = now;
  };

  /** The first waiter of the key whose turn it is; that key goes to the back of the turn order. */
  function nextWaiter(): TWaiter | undefined {
    for (const [key, queue] of waiting) {
      const waiter = queue.shift();
      waiting.delete(key);
      if (queue.length > 0) waiting.set(key, queue);
      if (waiter) return waiter;
    }
    return undefined;
  }

  /** One loop hands out tokens while anyone waits; it sleeps on the clock until the next is due. */
  async function dispatch() {
    if (dispatching) return;
    dispatching = true;
    try {
      while (waiting.size > 0) {
        refill();
        const now = clock.now();
        if (pausedUntil > now) {
          await clock.sleep(pausedUntil - now);
          continue;
        }
        if (tokens < 1) {
          await clock.sleep(Math.ceil((1 - tokens) / perMs));
          continue;
        }
        const waiter = nextWaiter();
        if (!waiter) break;
        tokens -= 1;
        if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.resolve();
      }
    } finally {
      dispatching = false;
    }
  }

  return {
    /** Waits (on the clock) until a request may go out: askers in turn, each asker's calls in arrival order. */
    take({ signal, key = '' }: TTakeOptions = {}) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const waiter: TWaiter = { resolve, reject, signal, onAbort: undefined };
        if (signal) {
          // A caller that gave up leaves the queue, so it never takes a token nor blocks anyone.
          waiter.onAbort = () => {
            const queue = waiting.get(key);
            const index = queue?.indexOf(waiter) ?? -1;
            if (queue && index >= 0) queue.splice(index, 1);
            if (queue?.length === 0) waiting.delete(key);
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        const queue = waiting.get(key);
        if (queue) queue.push(waiter);
        else waiting.set(key, [waiter]);
        void dispatch();
      });
    },
    /** The upstream said "slow down" for this long: nobody goes out before then. */
    pause(ms: number) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
  };
}
export type TTokenBucket = ReturnType<typeof createTokenBucket>;
