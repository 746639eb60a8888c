import type { TRelayContext } from './relay-context.ts';

/**
 * When the oldest unpublished row was written, or null when none is: one indexed read (the partial
 * index on unpublished rows) instead of a four-round-trip transaction, since most polls find nothing
 * and each held one of the service's pooled connections.
 */
export async function findOldestUnpublished(ctx: TRelayContext): Promise<Date | null> {
  const [row] = await ctx.sql<{ created_at: Date | string }[]>`
    select created_at from ${ctx.tableSql} where published_at is null order by seq limit 1`;
  // The client may leave timestamps as text (create-database's type options).
  return row ? new Date(row.created_at) : null;
}
