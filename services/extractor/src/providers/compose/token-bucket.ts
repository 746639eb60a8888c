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
 * grouped by their key, and each token goes to the waiting key served longest ago (one never served, or
 * not for longer than every other waiting key, first): keys that keep requests waiting take turns round
 * robin, and a user who asks now — a single extraction beside fifty users' batches — gets the next
 * token, not one after each of theirs. So a run can keep many requests waiting (it uses every token
 * nobody else wants) and still leaves each other user an equal share.
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
  /** Waiting callers per key, keys in the order they began waiting (the tie-break). */
  const waiting = new Map<string, TWaiter[]>();
  /** When each key was last served (a count of tokens handed out); a key missing here never was. */
  const lastServed = new Map<string, number>();
  let served = 0;
  let dispatching = false;

  const refill = () => {
    const now = clock.now();
    tokens = Math.min(options.burst, tokens + (now - updatedAt) * perMs);
    updatedAt = now;
  };

  /** The first waiter of the waiting key served longest ago, which is then served now. */
  function nextWaiter(): TWaiter | undefined {
    let turn: string | undefined;
    let turnServed = Number.POSITIVE_INFINITY;
    for (const key of waiting.keys()) {
      const at = lastServed.get(key) ?? -1;
      if (at < turnServed) [turn, turnServed] = [key, at];
    }
    if (turn === undefined) return undefined;
    const queue = waiting.get(turn) as TWaiter[];
    const waiter = queue.shift();
    if (queue.length === 0) waiting.delete(turn);
    served += 1;
    lastServed.set(turn, served);
    forgetIdleKeys();
    return waiter;
  }

  /**
   * Keys not waiting, served before every waiting key, would come first when they ask again whether
   * remembered or not: forgotten, so the memory is bounded by the keys waiting (plus some slack).
   */
  function forgetIdleKeys() {
    if (lastServed.size <= waiting.size + 1_000) return;
    let oldestWaiting = Number.POSITIVE_INFINITY;
    for (const key of waiting.keys()) oldestWaiting = Math.min(oldestWaiting, lastServed.get(key) ?? -1);
    for (const [key, at] of lastServed) if (!waiting.has(key) && at < oldestWaiting) lastServed.delete(key);
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
        if (!waiter) continue;
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
