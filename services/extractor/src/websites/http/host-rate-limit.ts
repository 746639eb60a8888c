import type { TDatabase } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { websiteHostSlots } from '../../db/schema.ts';
import { systemClock, type TClock } from '../../providers/clock.ts';

/**
 * At most one request per `intervalMs` to a host, across every run and every extractor process: the
 * table keeps each host's next free moment, and one atomic upsert reserves a slot by pushing it on (row
 * lock, so two processes never take the same slot). A reservation is made only when it is close enough.
 */
export function createHostRateLimit(options: { db: TDatabase['db']; intervalMs: number; clock?: TClock }) {
  const clock = options.clock ?? systemClock;
  return {
    /**
     * Waits for the host's next free slot and takes it. False, with nothing taken, when that slot lies
     * more than `maxWaitMs` away (the caller gives the page up rather than overrun its time).
     */
    async acquire(host: string, { maxWaitMs, signal }: { maxWaitMs: number; signal: AbortSignal }) {
      const key = host.toLowerCase();
      const interval = sql`${options.intervalMs} * interval '1 millisecond'`;
      const rows = await options.db.execute<{ wait_ms: number }>(sql`
        insert into ${websiteHostSlots} as slots (host, next_at)
        values (${key}, now() + ${interval})
        on conflict (host) do update set next_at = greatest(slots.next_at, now()) + ${interval}
          where greatest(slots.next_at, now()) <= now() + ${Math.max(0, maxWaitMs)} * interval '1 millisecond'
        returning greatest(0, extract(epoch from (slots.next_at - ${interval} - now())) * 1000)::float8 as wait_ms`);
      const row = rows[0];
      if (!row) return false;
      if (row.wait_ms > 0) await clock.sleep(row.wait_ms, signal);
      return true;
    },
  };
}
export type THostRateLimit = ReturnType<typeof createHostRateLimit>;
