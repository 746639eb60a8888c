import { describeError } from '../logger.ts';
import { claimBatch, type TOutboxRow, type TRelayTx } from './claim-batch.ts';
import type { TRelayContext } from './relay-context.ts';

export interface TBatchOutcome {
  published: number;
  claimed: number;
  /** A publish failed; the rest of the batch waits so order is kept. */
  failed: boolean;
  /** Another relay holds the table; it will publish these rows. */
  busy: boolean;
}

/** One transaction: claim a batch, publish it in order, mark what went out. */
export function publishBatch(ctx: TRelayContext): Promise<TBatchOutcome> {
  return ctx.sql.begin(async (tx) => {
    const rows = await claimBatch(ctx, tx);
    if (!rows) return { published: 0, claimed: 0, failed: false, busy: true };
    const publishedIds: string[] = [];
    let failed = false;
    for (const row of rows) {
      try {
        await ctx.bus.publish(row.payload);
        publishedIds.push(row.id);
      } catch (error) {
        failed = true;
        await recordFailure(ctx, tx, row, error);
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

async function recordFailure(
  ctx: TRelayContext,
  tx: TRelayTx,
  row: TOutboxRow,
  error: unknown,
): Promise<void> {
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
}
