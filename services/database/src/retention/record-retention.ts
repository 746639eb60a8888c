import { DEFAULT_RECORD_RETENTION_MONTHS } from '@prospector/contracts';
import { recordAudit, type TDatabase } from '@prospector/db';
import { startSweepLoop, type TLogger, type TStoppable } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { auditTrail, extractions } from '../db/schema.ts';

export interface TRecordRetention {
  /**
   * Saved records whose data was fetched more than this many months ago (at extraction, or at the last
   * re-check) are removed (RECORD_RETENTION_MONTHS); 0 keeps them.
   */
  months: number;
  sweepIntervalMs: number;
}

export const DEFAULT_RECORD_RETENTION: TRecordRetention = {
  months: DEFAULT_RECORD_RETENTION_MONTHS,
  sweepIntervalMs: 3_600_000,
};

/**
 * Removes saved records past the retention period (`recordExpiresAt` in the contracts says when, as the
 * page shows it), oldest first in batches, and audits how many went.
 */
export async function sweepRecords(db: TDatabase['db'], months: number): Promise<number> {
  if (months <= 0) return 0;
  let total = 0;
  for (;;) {
    const removed = await db.transaction(async (tx) => {
      const rows = await tx.execute<{ id: string }>(sql`
        delete from ${extractions} where id in (
          select id from ${extractions} where refreshed_at <= now() - make_interval(months => ${months})
          order by refreshed_at limit 1000)
        returning id`);
      if (rows.length > 0) {
        await recordAudit(tx, auditTrail, {
          action: 'retention-sweep',
          scope: 'saved records',
          records: rows.length,
        });
      }
      return rows.length;
    });
    total += removed;
    if (removed < 1000) return total;
  }
}

export function startRecordRetention(
  db: TDatabase['db'],
  retention: TRecordRetention,
  logger: TLogger,
): TStoppable {
  return startSweepLoop(async () => {
    try {
      const removed = await sweepRecords(db, retention.months);
      if (removed > 0) logger.info('retention sweep', { removed });
    } catch (error) {
      logger.warn('retention sweep failed', { error });
    }
  }, retention.sweepIntervalMs);
}
