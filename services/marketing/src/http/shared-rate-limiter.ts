import type { TDatabase } from '@prospector/db';
import { addressBucket, type TRateLimit } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { rateLimitWindows } from '../db/schema.ts';

/**
 * A fixed-window counter per client bucket (an IPv4 address, an IPv6 /64: `addressBucket`) kept in
 * PostgreSQL, so every process of the service counts against one budget and a restart forgets nothing.
 * One upsert a request; windows long over are swept as new ones are counted. The in-memory limiters'
 * `take(key)`, asynchronous (the family: packages/service-kit/src/rate-limiter.ts).
 */
export function createSharedRateLimiter(
  database: TDatabase,
  /** Names this budget apart from others counted in the same table. */
  scope: string,
  { limit, windowMs, now = Date.now }: TRateLimit & { now?: () => number },
) {
  return {
    /** Counts one request for the client at `address`; false when it goes over the limit of its window. */
    async take(address: string): Promise<boolean> {
      const startedAt = new Date(Math.floor(now() / windowMs) * windowMs);
      const [row] = await database.db.execute<{ count: number }>(sql`
        insert into ${rateLimitWindows} (bucket, window_started_at, count)
        values (${`${scope}:${addressBucket(address)}`}, ${startedAt.toISOString()}, 1)
        on conflict (bucket) do update set
          count = case when ${rateLimitWindows.windowStartedAt} = excluded.window_started_at
            then ${rateLimitWindows.count} + 1 else 1 end,
          window_started_at = excluded.window_started_at
        returning count`);
      await database.db.execute(sql`
        delete from ${rateLimitWindows}
        where bucket like ${`${scope}:%`} and window_started_at < ${new Date(startedAt.getTime() - windowMs).toISOString()}`);
      return Number(row?.count ?? 1) <= limit;
    },
  };
}

export type TSharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;
