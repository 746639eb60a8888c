import {
  EXTRACTIONS_PAGE_SIZE,
  type TExtractionListQuery,
  type TExtractionPage,
  type TExtractionRow,
} from '@prospector/contracts';
import { sql as drizzleSql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
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
};

/** `createdAt` as PostgreSQL writes it: drizzle sets postgres.js to leave timestamps as text. */
type TListRow = Omit<TExtractionRow, 'createdAt'> & { total: number; createdAt: string };

const dialect = new PgDialect();
const table = dialect.sqlToQuery(drizzleSql`${extractions}`).sql;
const selection = Object.entries(rowColumns)
  .map(([alias, column]) => `"${column.name}" as "${alias}"`)
  .join(', ');
const newestFirst = `"${extractions.createdAt.name}" desc, "${extractions.id.name}" desc`;
/** Statements by the text of their filters' condition (which holds no value, only `$n`), built once each. */
const statements = new Map<string, string>();
const MAX_STATEMENTS = 1_000;

/**
 * The list's one statement for a condition: the matching count and the page's rows in one round trip.
 * The condition appears twice with the same `$1…$n`; the page asked for is `$n+1`, served as at most
 * the last page. The page's ids come first, then their rows: the rows skipped by the offset are read
 * from the list index alone (it carries every non-text filter's column), not from the table.
 */
function listStatement(condition: string, pageParam: number): string {
  let statement = statements.get(condition);
  if (statement) return statement;
  const pages = `greatest(1, ceil(counted.total / ${EXTRACTIONS_PAGE_SIZE}.0)::int)`;
  statement =
    `select counted.total, page.* from (select count(*)::int as total from ${table} where ${condition}) counted ` +
    `left join lateral (select ${selection} from ${table} where "${extractions.id.name}" in (` +
    `select "${extractions.id.name}" from ${table} where ${condition} order by ${newestFirst} ` +
    `limit ${EXTRACTIONS_PAGE_SIZE} offset (least($${pageParam}::int, ${pages}) - 1) * ${EXTRACTIONS_PAGE_SIZE})) page on true ` +
    `order by page."createdAt" desc, page."id" desc`;
  if (statements.size >= MAX_STATEMENTS) statements.clear();
  statements.set(condition, statement);
  return statement;
}

/**
 * One page of the user's records matching the filters, newest first. A page beyond the last serves the
 * last one (and says so in `page`), so a page emptied by deletes falls back instead of showing nothing.
 *
 * The hot read of the Database page: one prepared statement per combination of filters (PostgreSQL
 * parses and plans it once per connection), run by postgres.js directly; only the filters' condition is
 * built with drizzle on each request (`extractionConditions`, the one place filters become SQL).
 */
export async function listExtractions(
  sql: Sql,
  userId: string,
  { page, ...filters }: TExtractionListQuery,
): Promise<TExtractionPage> {
  const condition = dialect.sqlToQuery(extractionConditions(filters, { userId }));
  const statement = listStatement(condition.sql, condition.params.length + 1);
  const rows = await sql.unsafe<TListRow[]>(statement, [...(condition.params as never[]), page], {
    prepare: true,
  });
  const total = rows[0]?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / EXTRACTIONS_PAGE_SIZE));
  const items: TExtractionRow[] = [];
  // What drizzle's timestamp column does with the text (`new Date`), then the wire's ISO form.
  for (const { total: _total, createdAt, ...row } of rows)
    if (row.id !== null) items.push({ ...row, createdAt: new Date(createdAt).toISOString() });
  return { items, page: Math.min(page, totalPages), pageSize: EXTRACTIONS_PAGE_SIZE, total, totalPages };
}
