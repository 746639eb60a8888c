import { createUnavailableError } from './bus-errors.ts';
import type { TSubscription } from './port.ts';

/**
 * What a bus started and how it ends, the same for both adapters: every `stop()` made idempotent, the
 * durables it consumes (for `consumerLag()`), and `drain()`, which refuses new work from its start and
 * stops what runs before closing.
 */
export function createBusLifecycle() {
  const active = new Set<TSubscription>();
  const durables = new Map<string, { stream: string; durable: string }>();
  let draining: Promise<void> | undefined;
  // Set once everything has stopped, so handlers finishing during drain() can still publish.
  let closed = false;
  return {
    durables: () => durables.values(),
    isClosed: () => closed,
    /** No publishing or requests after drain() (or once the connection is `gone`), or while unreachable. */
    assertUsable(action: string, reachable: boolean, gone = false): void {
      if (closed || gone) throw createUnavailableError(`${action} after drain()`);
      if (!reachable) throw createUnavailableError(action);
    },
    /** No new consumers, subscriptions or repliers once drain() began (or the connection is `gone`). */
    assertNotDraining(action: string, gone = false): void {
      if (draining || gone) throw createUnavailableError(`${action} after drain()`);
    },
    /** Keeps `subscription` for drain(), and a consumer's `durable` for consumerLag(). */
    track(subscription: TSubscription, durable?: { stream: string; durable: string }): TSubscription {
      if (durable) durables.set(`${durable.stream}/${durable.durable}`, durable);
      let stopping: Promise<void> | undefined;
      const tracked: TSubscription = {
        stop() {
          stopping ??= subscription.stop().finally(() => active.delete(tracked));
          return stopping;
        },
      };
      active.add(tracked);
      return tracked;
    },
    /** Stops everything started, then calls `close`; once, however often it is called. */
    drain(close?: () => Promise<void>): Promise<void> {
      draining ??= (async () => {
        await Promise.all([...active].map((subscription) => subscription.stop()));
        closed = true;
        await close?.();
      })();
      return draining;
    },
  };
}
