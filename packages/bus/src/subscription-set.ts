import type { TSubscription } from './port.ts';

/** Makes every `stop()` idempotent and lets `drain()` stop whatever is still running. */
export function createSubscriptionSet() {
  const active = new Set<TSubscription>();
  return {
    track(subscription: TSubscription): TSubscription {
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
    async stopAll(): Promise<void> {
      await Promise.all([...active].map((subscription) => subscription.stop()));
    },
  };
}
