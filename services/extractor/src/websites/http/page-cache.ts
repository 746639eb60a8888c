import type { TDatabase } from '@prospector/db';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { websitePages } from '../../db/schema.ts';

export type TCachedKind = (typeof websitePages.$inferSelect)['kind'];
export interface TCachedPage {
  outcome: string;
  finalUrl: string | null;
  body: string | null;
  fetchedAt: Date;
}

/** Rows are dropped this long after they stop being used (the longest TTL, and a day's slack). */
const PRUNE_AFTER_MS = 8 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Website pages and robots.txt files in `extractor.website_pages`, shared by every process: one row per
 * URL, replaced on each fetch; older than the caller's `maxAgeMs` is a miss. Stale rows are deleted
 * now and then (at most hourly per process).
 */
export function createPageCache(db: TDatabase['db']) {
  let prunedAt = 0;
  return {
    async get(url: string, kind: TCachedKind, maxAgeMs: number): Promise<TCachedPage | null> {
      const [row] = await db
        .select({
          outcome: websitePages.outcome,
          finalUrl: websitePages.finalUrl,
          body: websitePages.body,
          fetchedAt: websitePages.fetchedAt,
        })
        .from(websitePages)
        .where(
          and(
            eq(websitePages.url, url),
            eq(websitePages.kind, kind),
            gt(websitePages.fetchedAt, sql`now() - ${maxAgeMs} * interval '1 millisecond'`),
          ),
        );
      return row ?? null;
    },
    async set(url: string, kind: TCachedKind, entry: Omit<TCachedPage, 'fetchedAt'>): Promise<Date> {
      const fetchedAt = new Date();
      // PostgreSQL text cannot hold NUL; a page with one is read without it.
      const body = entry.body?.replaceAll('\u0000', '') ?? null;
      const values = { url, kind, outcome: entry.outcome, finalUrl: entry.finalUrl, body, fetchedAt };
      await db
        .insert(websitePages)
        .values(values)
        .onConflictDoUpdate({ target: websitePages.url, set: values });
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await db
          .delete(websitePages)
          .where(lt(websitePages.fetchedAt, sql`now() - ${PRUNE_AFTER_MS} * interval '1 millisecond'`));
      }
      return fetchedAt;
    },
  };
}
export type TPageCache = ReturnType<typeof createPageCache>;
