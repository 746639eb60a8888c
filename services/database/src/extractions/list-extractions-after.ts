import { recordExpiresAt, type TExtractionFilters, type TExtractionRow } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, desc, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { extractionConditions } from './extraction-filters.ts';
import { rowColumns } from './list-extractions.ts';

/** Where a page ended: the last row's exact `created_at` (PostgreSQL's text, microseconds kept) and id. */
export interface TExtractionPosition {
  at: string;
  id: string;
}

/**
 * The public API's pages of the Database page's filters: newest first, keyed on (created_at, id) after
 * `after`, so records saved or deleted between two pages neither repeat nor shift the rest.
 */
export async function listExtractionsAfter(
  db: TDatabase['db'],
  {
    ownerKey,
    filters,
    after,
    limit,
    retentionMonths,
  }: {
    ownerKey: string;
    filters: TExtractionFilters;
    after?: TExtractionPosition;
    limit: number;
    retentionMonths: number;
  },
): Promise<{ items: TExtractionRow[]; next: TExtractionPosition | null }> {
  const rows = await db
    .select({ ...rowColumns, position: sql<string>`${extractions.createdAt}::text` })
    .from(extractions)
    .where(
      and(
        extractionConditions(filters, { ownerKey }),
        after
          ? sql`(${extractions.createdAt}, ${extractions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(extractions.createdAt), desc(extractions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(
      ({ position: _position, ...row }): TExtractionRow => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        refreshedAt: row.refreshedAt.toISOString(),
        expiresAt: recordExpiresAt(row.refreshedAt, retentionMonths)?.toISOString() ?? null,
      }),
    ),
    next: rows.length > limit && last ? { at: last.position, id: last.id } : null,
  };
}
