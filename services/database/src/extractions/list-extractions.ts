import {
  EXTRACTIONS_PAGE_SIZE,
  recordExpiresAt,
  type TExtractionListQuery,
  type TExtractionPage,
  type TExtractionRow,
} from '@prospector/contracts';
import { count, desc, inArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';
import { extractionConditions } from './extraction-filters.ts';

const rowColumns = {
  id: extractions.id,
  username: extractions.instagramUsername,
  fullName: extractions.fullName,
  email: extractions.publicEmail,
  followerCount: extractions.followerCount,
  followingCount: extractions.followingCount,
  mediaCount: extractions.mediaCount,
  isVerified: extractions.isVerified,
  isPrivate: extractions.isPrivate,
  category: extractions.category,
  biography: extractions.biography,
  emailStatus: extractions.emailStatus,
  createdAt: extractions.createdAt,
  refreshedAt: extractions.refreshedAt,
};

/**
 * One page of the user's records matching the filters, newest first. A page beyond the last serves the
 * last one (and says so in `page`), so a page emptied by deletes falls back instead of showing nothing.
 */
export async function listExtractions(
  db: PostgresJsDatabase<Record<string, never>>,
  userId: string,
  { page, ...filters }: TExtractionListQuery,
  retentionMonths: number,
): Promise<TExtractionPage> {
  const where = extractionConditions(filters, { userId });
  const newestFirst = [desc(extractions.createdAt), desc(extractions.id)] as const;
  // The page's ids first, then their rows: the rows skipped by the offset are read from the list index
  // alone (it carries every non-text filter's column), not from the table.
  const pageOf = (number: number) =>
    db
      .select(rowColumns)
      .from(extractions)
      .where(
        inArray(
          extractions.id,
          db
            .select({ id: extractions.id })
            .from(extractions)
            .where(where)
            .orderBy(...newestFirst)
            .limit(EXTRACTIONS_PAGE_SIZE)
            .offset((number - 1) * EXTRACTIONS_PAGE_SIZE),
        ),
      )
      .orderBy(...newestFirst);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(extractions).where(where),
    pageOf(page),
  ]);
  const total = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / EXTRACTIONS_PAGE_SIZE));
  const served = Math.min(page, totalPages);
  const items = served === page ? rows : await pageOf(served);
  return {
    items: items.map(
      (row): TExtractionRow => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        refreshedAt: row.refreshedAt.toISOString(),
        expiresAt: recordExpiresAt(row.refreshedAt, retentionMonths)?.toISOString() ?? null,
      }),
    ),
    page: served,
    pageSize: EXTRACTIONS_PAGE_SIZE,
    total,
    totalPages,
    retentionMonths,
  };
}
