import type { TEventEnvelope } from '@prospector/contracts';
import { describeError } from '../logger.ts';
import type { TRelayContext } from './relay-context.ts';

/** What the relay's loop, flush() and stop() share. */
export interface TRelayState {
  stopped: boolean;
  consecutiveFailures: number;
  /** When the oldest row still unpublished at the last look was written; null when none was. */
  oldestUnpublished: Date | null;
}

interface TBatchOutcome {
  published: number;
  claimed: number;
  /** A publish failed; the rest of the batch waits so order is kept. */
  failed: boolean;
  /** Another relay holds the table; it will publish these rows. */
  busy: boolean;
}

/**
 * Notes when the oldest unpublished row was written, and whether there is one: one indexed read (the
 * partial index on unpublished rows) instead of a four-round-trip transaction, since most polls find
 * nothing and each held one of the service's pooled connections.
 */
async function probe(ctx: TRelayContext, state: TRelayState): Promise<boolean> {
  const [row] = await ctx.sql<{ created_at: Date | string }[]>`
    select created_at from ${ctx.tableSql} where published_at is null order by seq limit 1`;
  // The client may leave timestamps as text (create-database's type options).
  state.oldestUnpublished = row ? new Date(row.created_at) : null;
  return row !== undefined;
}

/**
 * One transaction: take the table's advisory lock (busy when another relay holds it), claim the
 * oldest unpublished rows in `seq` order with FOR UPDATE SKIP LOCKED, publish them in order, mark
 * what went out.
 */
function publishBatch(ctx: TRelayContext): Promise<TBatchOutcome> {
  return ctx.sql.begin(async (tx) => {
    const [lock] = await tx<{ acquired: boolean }[]>`
      select pg_try_advisory_xact_lock(hashtext(${ctx.lockName})) as acquired`;
    if (!lock?.acquired) return { published: 0, claimed: 0, failed: false, busy: true };
    const rows = await tx<{ id: string; payload: TEventEnvelope }[]>`
      select id, payload from ${ctx.tableSql}
      where published_at is null
      order by seq
      limit ${ctx.batchSize}
      for update skip locked`;
    const publishedIds: string[] = [];
    let failed = false;
    for (const row of rows) {
      try {
        await ctx.bus.publish(row.payload);
        publishedIds.push(row.id);
      } catch (error) {
        failed = true;
        await tx`
          update ${ctx.tableSql}
          set attempts = attempts + 1, last_error = ${describeError(error)}
          where id = ${row.id}`;
        ctx.logger.warn('outbox publish failed; will retry', {
          outbox: ctx.outboxName,
          eventId: row.id,
          type: row.payload.type,
          error: describeError(error),
        });
        break;
      }
    }
    if (publishedIds.length > 0) {
      await tx`
        update ${ctx.tableSql}
        set published_at = now(), attempts = attempts + 1, last_error = null
        where id in ${tx(publishedIds)}`;
    }
    return { published: publishedIds.length, claimed: rows.length, failed, busy: false };
  });
}

/** Runs batches until the backlog is empty, a publish fails, or another relay owns the table. */
export async function drainBacklog(
  ctx: TRelayContext,
  state: TRelayState,
): Promise<{ published: number; failed: boolean }> {
  let published = 0;
  if (!(await probe(ctx, state))) return { published, failed: false };
  for (;;) {
    const outcome = await publishBatch(ctx);
    published += outcome.published;
    if (outcome.failed) return { published, failed: true };
    if (outcome.busy || outcome.claimed < ctx.batchSize || state.stopped) {
      await probe(ctx, state).catch(() => {});
      return { published, failed: false };
    }
  }
}

/** The delay after a failure: `retryBaseMs`, doubling per consecutive failure up to `retryMaxMs`. */
export function retryDelay(ctx: TRelayContext, state: TRelayState): number {
  return Math.min(ctx.retryMaxMs, ctx.retryBaseMs * 2 ** Math.max(0, state.consecutiveFailures - 1));
}
