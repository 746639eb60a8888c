import { describeError } from './logger.ts';
import { findOldestUnpublished } from './outbox-relay/find-oldest-unpublished.ts';
import { listenForNotify } from './outbox-relay/listen-for-notify.ts';
import { publishBatch } from './outbox-relay/publish-batch.ts';
import { createRelayContext, type TStartOutboxRelayOptions } from './outbox-relay/relay-context.ts';
import { WakeableSleep } from './outbox-relay/wakeable-sleep.ts';

export type { TStartOutboxRelayOptions } from './outbox-relay/relay-context.ts';

export interface TOutboxRelay {
  /** Finishes the batch in flight, then stops polling and listening. The database stays open. */
  stop(): Promise<void>;
  /** Publishes everything publishable now, ignoring any retry delay; resolves to the count published. */
  flush(): Promise<number>;
  /** When the oldest row still unpublished at the last look was written; null when none was. */
  oldestUnpublishedAt(): Date | null;
}

/**
 * Publishes outbox rows on the bus in `seq` order and marks them published.
 *
 * Each batch is one transaction that claims rows with FOR UPDATE SKIP LOCKED, publishes them, and marks
 * them. A per-table advisory lock lets only one relay work at a time: rows skipped by a second relay
 * would otherwise be published ahead of older ones. If the process dies after publishing but before
 * the commit, the rows are published again; the event id is the JetStream message id, so the server
 * drops the copy (and consumers are idempotent on it too). A failed publish records the error on that
 * row and retries it with backoff before anything newer goes out.
 *
 * Order is commit-independent `seq` order: events from one transaction keep their order, while two
 * concurrent transactions are ordered by when they wrote their rows.
 */
export function startOutboxRelay(options: TStartOutboxRelayOptions): TOutboxRelay {
  const ctx = createRelayContext(options);
  const sleeper = new WakeableSleep();
  let stopped = false;
  let consecutiveFailures = 0;
  let oldestUnpublished: Date | null = null;
  // Serialises the loop and flush() inside this process so they never interleave batches.
  let exclusive: Promise<unknown> = Promise.resolve();

  function runExclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = exclusive.then(work);
    exclusive = run.catch(() => {});
    return run;
  }

  async function probe(): Promise<boolean> {
    oldestUnpublished = await findOldestUnpublished(ctx);
    return oldestUnpublished !== null;
  }

  /** Runs batches until the backlog is empty, a publish fails, or another relay owns the table. */
  async function drain(): Promise<{ published: number; failed: boolean }> {
    let published = 0;
    if (!(await probe())) return { published, failed: false };
    for (;;) {
      const outcome = await publishBatch(ctx);
      published += outcome.published;
      if (outcome.failed) return { published, failed: true };
      if (outcome.busy || outcome.claimed < ctx.batchSize || stopped) {
        await probe().catch(() => {});
        return { published, failed: false };
      }
    }
  }

  function retryDelay(): number {
    return Math.min(ctx.retryMaxMs, ctx.retryBaseMs * 2 ** Math.max(0, consecutiveFailures - 1));
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      sleeper.requested = false;
      let delay = ctx.pollIntervalMs;
      try {
        const outcome = await runExclusive(drain);
        consecutiveFailures = outcome.failed ? consecutiveFailures + 1 : 0;
        if (outcome.failed) delay = retryDelay();
      } catch (error) {
        // The database itself failed (down, restarting): nothing was marked, so retry later.
        consecutiveFailures += 1;
        delay = retryDelay();
        ctx.logger.warn('outbox relay could not reach the database; will retry', {
          outbox: ctx.outboxName,
          error: describeError(error),
        });
      }
      if (stopped) break;
      // A NOTIFY that arrived mid-batch means rows may have committed after our select; go again now,
      // unless we are backing off from a failure (new rows cannot overtake the failed one anyway).
      if (sleeper.requested && consecutiveFailures === 0) continue;
      await sleeper.sleep(delay);
    }
  }

  const unlisten = listenForNotify(ctx, () => sleeper.wake());
  const running = loop();

  return {
    async stop() {
      if (stopped) return running;
      stopped = true;
      sleeper.interrupt();
      await running;
      await (await unlisten)();
    },
    oldestUnpublishedAt: () => oldestUnpublished,
    async flush() {
      const outcome = await runExclusive(drain);
      if (!outcome.failed) consecutiveFailures = 0;
      return outcome.published;
    },
  };
}
