import type { TEventBus } from '@prospector/bus';
import type { TEventEnvelope } from '@prospector/contracts';
import type { TDatabase } from './create-database.ts';
import { describeError, type TDbLogger } from './logger.ts';
import { describeOutboxTable, type TOutboxTable } from './outbox-table.ts';

export interface TStartOutboxRelayOptions {
  database: Pick<TDatabase, 'sql' | 'logger'>;
  outbox: TOutboxTable;
  bus: Pick<TEventBus, 'publish'>;
  logger?: TDbLogger;
  /** Safety-net poll for when a NOTIFY is missed (listener reconnecting, another writer). Default 1 s. */
  pollIntervalMs?: number;
  /** Rows claimed per transaction. Default 100. */
  batchSize?: number;
  /** First retry delay after a failed publish; doubles per consecutive failure. Default 250 ms. */
  retryBaseMs?: number;
  /** Ceiling for the retry delay. Default 30 s. */
  retryMaxMs?: number;
}

export interface TOutboxRelay {
  /** Finishes the batch in flight, then stops polling and listening. The database stays open. */
  stop(): Promise<void>;
  /** Publishes everything publishable now, ignoring any retry delay; resolves to the count published. */
  flush(): Promise<number>;
  /** When the oldest row still unpublished at the last look was written; null when none was. */
  oldestUnpublishedAt(): Date | null;
}

interface TBatchOutcome {
  published: number;
  claimed: number;
  /** A publish failed; the rest of the batch waits so order is kept. */
  failed: boolean;
  /** Another relay holds the table; it will publish these rows. */
  busy: boolean;
}

interface TOutboxRow {
  id: string;
  payload: TEventEnvelope;
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
  const { sql } = options.database;
  const logger = options.logger ?? options.database.logger;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const retryBaseMs = options.retryBaseMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  const target = describeOutboxTable(options.outbox);
  // An identifier object (not a query fragment), so every batch's queries can reuse it.
  const tableSql = sql(`${target.schema}.${target.table}`);
  const lockName = `prospector:outbox:${target.schema}.${target.table}`;

  let stopped = false;
  let consecutiveFailures = 0;
  let wakeRequested = false;
  let wakeSleeper: (() => void) | undefined;
  // Serialises the loop and flush() inside this process so they never interleave batches.
  let exclusive: Promise<unknown> = Promise.resolve();

  function wake(): void {
    wakeRequested = true;
    wakeSleeper?.();
  }

  function runExclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = exclusive.then(work);
    exclusive = run.catch(() => {});
    return run;
  }

  async function publishBatch(): Promise<TBatchOutcome> {
    return sql.begin(async (tx) => {
      const [lock] = await tx<{ acquired: boolean }[]>`
        select pg_try_advisory_xact_lock(hashtext(${lockName})) as acquired`;
      if (!lock?.acquired) return { published: 0, claimed: 0, failed: false, busy: true };

      const rows = await tx<TOutboxRow[]>`
        select id, payload from ${tableSql}
        where published_at is null
        order by seq
        limit ${batchSize}
        for update skip locked`;

      const publishedIds: string[] = [];
      let failed = false;
      for (const row of rows) {
        try {
          await options.bus.publish(row.payload);
          publishedIds.push(row.id);
        } catch (error) {
          failed = true;
          await tx`
            update ${tableSql}
            set attempts = attempts + 1, last_error = ${describeError(error)}
            where id = ${row.id}`;
          logger.warn('outbox publish failed; will retry', {
            outbox: `${target.schema}.${target.table}`,
            eventId: row.id,
            type: row.payload.type,
            error: describeError(error),
          });
          break;
        }
      }
      if (publishedIds.length > 0) {
        await tx`
          update ${tableSql}
          set published_at = now(), attempts = attempts + 1, last_error = null
          where id in ${tx(publishedIds)}`;
      }
      return { published: publishedIds.length, claimed: rows.length, failed, busy: false };
    });
  }

  let oldestUnpublished: Date | null = null;

  /**
   * One indexed read (the partial index on unpublished rows) instead of a four-round-trip
   * transaction: most polls find nothing, and each held one of the service's pooled connections.
   */
  async function probe(): Promise<boolean> {
    const [row] = await sql<{ created_at: Date | string }[]>`
      select created_at from ${tableSql} where published_at is null order by seq limit 1`;
    // The client may leave timestamps as text (create-database's type options).
    oldestUnpublished = row ? new Date(row.created_at) : null;
    return row !== undefined;
  }

  /** Runs batches until the backlog is empty, a publish fails, or another relay owns the table. */
  async function drain(): Promise<{ published: number; failed: boolean }> {
    let published = 0;
    if (!(await probe())) return { published, failed: false };
    for (;;) {
      const outcome = await publishBatch();
      published += outcome.published;
      if (outcome.failed) return { published, failed: true };
      if (outcome.busy || outcome.claimed < batchSize || stopped) {
        await probe().catch(() => {});
        return { published, failed: false };
      }
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish(): void {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = finish;
    });
  }

  function retryDelay(): number {
    return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, consecutiveFailures - 1));
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      wakeRequested = false;
      let delay = pollIntervalMs;
      try {
        const outcome = await runExclusive(drain);
        consecutiveFailures = outcome.failed ? consecutiveFailures + 1 : 0;
        if (outcome.failed) delay = retryDelay();
      } catch (error) {
        // The database itself failed (down, restarting): nothing was marked, so retry later.
        consecutiveFailures += 1;
        delay = retryDelay();
        logger.warn('outbox relay could not reach the database; will retry', {
          outbox: `${target.schema}.${target.table}`,
          error: describeError(error),
        });
      }
      if (stopped) break;
      // A NOTIFY that arrived mid-batch means rows may have committed after our select; go again now,
      // unless we are backing off from a failure (new rows cannot overtake the failed one anyway).
      if (wakeRequested && consecutiveFailures === 0) continue;
      await sleep(delay);
    }
  }

  const listening = sql.listen(target.channel, wake, wake).catch((error: unknown) => {
    logger.warn('outbox relay could not LISTEN; relying on polling', {
      channel: target.channel,
      error: describeError(error),
    });
    return undefined;
  });
  const running = loop();

  return {
    async stop() {
      if (stopped) return running;
      stopped = true;
      wakeSleeper?.();
      await running;
      const subscription = await listening;
      await subscription?.unlisten().catch(() => {});
    },
    oldestUnpublishedAt: () => oldestUnpublished,
    async flush() {
      const outcome = await runExclusive(drain);
      if (!outcome.failed) consecutiveFailures = 0;
      return outcome.published;
    },
  };
}
