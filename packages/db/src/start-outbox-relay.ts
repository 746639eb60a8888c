import { describeError } from './logger.ts';
import { drainBacklog, retryDelay, type TRelayState } from './outbox-relay/drain-backlog.ts';
import { createRelayContext, type TStartOutboxRelayOptions } from './outbox-relay/relay-context.ts';
import { WakeableSleep } from './outbox-relay/wakeable-sleep.ts';

export type { TStartOutboxRelayOptions } from './outbox-relay/relay-context.ts';

/** Rows deleted per statement, so pruning a large backlog never holds one long transaction. */
const PRUNE_BATCH = 5_000;

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
 *
 * Published rows are kept `keepPublishedMs` (a day by default), then deleted: at start and every
 * `pruneIntervalMs`, so the table holds about a day of events however long the service runs.
 */
export function startOutboxRelay(options: TStartOutboxRelayOptions) {
  const ctx = createRelayContext(options);
  const sleeper = new WakeableSleep();
  const state: TRelayState = { stopped: false, consecutiveFailures: 0, oldestUnpublished: null };
  // Serialises the loop and flush() inside this process so they never interleave batches.
  let exclusive: Promise<unknown> = Promise.resolve();

  function drainExclusive(): Promise<{ published: number; failed: boolean }> {
    const run = exclusive.then(() => drainBacklog(ctx, state));
    exclusive = run.catch(() => {});
    return run;
  }

  async function pruneNow(): Promise<number> {
    const keepSeconds = ctx.keepPublishedMs / 1000;
    let deleted = 0;
    for (;;) {
      const rows = await ctx.sql`
        delete from ${ctx.tableSql} where seq in (
          select seq from ${ctx.tableSql}
          where published_at < now() - make_interval(secs => ${keepSeconds})
          limit ${PRUNE_BATCH})`;
      deleted += rows.count;
      if (rows.count < PRUNE_BATCH) return deleted;
    }
  }

  let prunedAt = Number.NEGATIVE_INFINITY;
  async function pruneIfDue(): Promise<void> {
    if (Date.now() - prunedAt < ctx.pruneIntervalMs) return;
    prunedAt = Date.now();
    await pruneNow().catch((error: unknown) =>
      ctx.logger.warn('outbox relay could not delete old published rows; will try again', {
        outbox: ctx.outboxName,
        error: describeError(error),
      }),
    );
  }

  async function loop(): Promise<void> {
    while (!state.stopped) {
      sleeper.requested = false;
      let delay = ctx.pollIntervalMs;
      try {
        const outcome = await drainExclusive();
        state.consecutiveFailures = outcome.failed ? state.consecutiveFailures + 1 : 0;
        if (outcome.failed) delay = retryDelay(ctx, state);
        else await pruneIfDue();
      } catch (error) {
        // The database itself failed (down, restarting): nothing was marked, so retry later.
        state.consecutiveFailures += 1;
        delay = retryDelay(ctx, state);
        ctx.logger.warn('outbox relay could not reach the database; will retry', {
          outbox: ctx.outboxName,
          error: describeError(error),
        });
      }
      if (state.stopped) break;
      // A NOTIFY that arrived mid-batch means rows may have committed after our select; go again now,
      // unless we are backing off from a failure (new rows cannot overtake the failed one anyway).
      if (sleeper.requested && state.consecutiveFailures === 0) continue;
      await sleeper.sleep(delay);
    }
  }

  const wake = () => sleeper.wake();
  // Without LISTEN the relay still polls, so a failure to listen is only worth a warning.
  const unlisten = ctx.sql.listen(ctx.channel, wake, wake).then(
    (subscription) => () => subscription.unlisten().catch(() => {}),
    (error: unknown) => {
      ctx.logger.warn('outbox relay could not LISTEN; relying on polling', {
        channel: ctx.channel,
        error: describeError(error),
      });
      return async () => {};
    },
  );
  const running = loop();

  return {
    /** Finishes the batch in flight, then stops polling and listening. The database stays open. */
    async stop() {
      if (state.stopped) return running;
      state.stopped = true;
      sleeper.interrupt();
      await running;
      await (await unlisten)();
    },
    /** When the oldest row still unpublished at the last look was written; null when none was. */
    oldestUnpublishedAt: () => state.oldestUnpublished,
    /** Deletes published rows older than `keepPublishedMs` now; resolves to the count deleted. */
    prune: pruneNow,
    /** Publishes everything publishable now, ignoring any retry delay; resolves to the count published. */
    async flush() {
      const outcome = await drainExclusive();
      if (!outcome.failed) state.consecutiveFailures = 0;
      return outcome.published;
    },
  };
}
export type TOutboxRelay = ReturnType<typeof startOutboxRelay>;
