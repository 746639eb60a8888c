import { recordAudit, type TDatabase } from '@prospector/db';
import { startSweepLoop, type TLogger, type TStoppable } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import {
  auditTrail,
  extractionRunItems,
  extractionRuns,
  optOuts,
  providerCache,
  websitePages,
} from '../db/schema.ts';

export interface TExtractorRetention {
  /** Fetched profiles are removed this long after their fetch (EXTRACTOR_PROFILE_CACHE_TTL_HOURS). */
  profileCacheMs: number;
  /** Cached website pages are removed this long after their fetch (the page cache's 7 days). */
  websitePagesMs: number;
  /** A finished run's per-account results are removed this long after it ended; 0 keeps them. */
  runResultsMs: number;
  /** How often the sweeper runs. */
  sweepIntervalMs: number;
}

export const DAY_MS = 24 * 3_600_000;
export const DEFAULT_RETENTION_SWEEP_INTERVAL_MS = 3_600_000;

/**
 * One retention pass (docs/architecture.md §15): caches are emptied of what their reads would no longer
 * use anyway, a finished run keeps only its counts once its results are older than the retention, and
 * opt-out requests that lapsed unconfirmed (30 days) leave the suppression list, which ignores them
 * already. Each removal is recorded in the audit trail as a count.
 */
export async function sweepRetention(db: TDatabase['db'], retention: TExtractorRetention) {
  return db.transaction(async (tx) => {
    const profiles = await tx
      .delete(providerCache)
      .where(sql`${providerCache.fetchedAt} < now() - ${retention.profileCacheMs} * interval '1 millisecond'`)
      .returning({ username: providerCache.username });
    const pages = await tx
      .delete(websitePages)
      .where(sql`${websitePages.fetchedAt} < now() - ${retention.websitePagesMs} * interval '1 millisecond'`)
      .returning({ url: websitePages.url });
    const items =
      retention.runResultsMs > 0
        ? await tx
            .delete(extractionRunItems)
            .where(
              sql`${extractionRunItems.runId} in (select ${extractionRuns.id} from ${extractionRuns}
                where ${extractionRuns.finishedAt} < now() - ${retention.runResultsMs} * interval '1 millisecond')`,
            )
            .returning({ id: extractionRunItems.id })
        : [];
    const lapsed = await tx
      .delete(optOuts)
      .where(sql`${optOuts.expiresAt} <= now()`)
      .returning({ usernameKey: optOuts.usernameKey });
    const swept = {
      profiles: profiles.length,
      pages: pages.length,
      runItems: items.length,
      lapsedOptOuts: lapsed.length,
    };
    for (const [scope, records] of Object.entries({
      'cached profiles': swept.profiles,
      'cached website pages': swept.pages,
      'run items': swept.runItems,
      'lapsed opt-out requests': swept.lapsedOptOuts,
    })) {
      if (records > 0) await recordAudit(tx, auditTrail, { action: 'retention-sweep', scope, records });
    }
    return swept;
  });
}

export function startRetentionSweeper(
  db: TDatabase['db'],
  retention: TExtractorRetention,
  logger: TLogger,
): TStoppable {
  return startSweepLoop(async () => {
    try {
      const swept = await sweepRetention(db, retention);
      if (swept.profiles + swept.pages + swept.runItems + swept.lapsedOptOuts > 0)
        logger.info('retention sweep', swept);
    } catch (error) {
      logger.warn('retention sweep failed', { error });
    }
  }, retention.sweepIntervalMs);
}
