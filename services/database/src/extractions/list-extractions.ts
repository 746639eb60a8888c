import { EXTRACTIONS_PAGE_SIZE, type TExtractionListQuery } from '@prospector/contracts';
import { isoTimestampText } from '@prospector/db';
import { sql as drizzleSql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import { extractions } from '../db/schema.ts';
import { extractionConditions } from './extraction-filters.ts';

export const rowColumns = {
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
  emailRole: extractions.emailRole,
  createdAt: extractions.createdAt,
  refreshedAt: extractions.refreshedAt,
  /** The member whose run extracted it (docs/architecture.md §17). */
  extractedBy: extractions.userId,
};

const dialect = new PgDialect();
const table = dialect.sqlToQuery(drizzleSql`${extractions}`).sql;
const quoted = (name: string) => `"${name}"`;
/** A UTC timestamp in the ISO form JavaScript writes (drizzle sets postgres.js to leave timestamps as text). */
const isoText = (timestamp: string) => dialect.sqlToQuery(isoTimestampText(drizzleSql.raw(timestamp))).sql;
const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set(['createdAt', 'refreshedAt']);
/**
 * Each row's fields as the wire names them (`TExtractionRow`), and `expiresAt`: the fetch date plus the
 * retention period, as `recordExpiresAt` and the sweeper count it (null when records are kept).
 */
const rowObject = (retentionMonths: number) => {
  const refreshed = `(page.${quoted(extractions.refreshedAt.name)} at time zone 'UTC')`;
  const expiresAt =
    retentionMonths > 0
      ? isoText(`${refreshed} + make_interval(months => ${Math.trunc(retentionMonths)})`)
      : 'null';
  const fields = Object.entries(rowColumns).map(([field, column]) =>
    TIMESTAMP_FIELDS.has(field)
      ? `'${field}', ${isoText(`page.${quoted(column.name)} at time zone 'UTC'`)}`
      : `'${field}', page.${quoted(column.name)}`,
  );
  return `json_build_object(${[...fields, `'expiresAt', ${expiresAt}`].join(', ')})`;
};
const columns = Object.values(rowColumns)
  .map((column) => quoted(column.name))
  .join(', ');
const newestFirst = (alias = '') =>
  `${alias}${quoted(extractions.createdAt.name)} desc, ${alias}${quoted(extractions.id.name)} desc`;
/** Statements by the retention period and the text of their filters' condition (which holds no value, only `$n`), built once each. */
const statements = new Map<string, { count: string; page: string }>();
const MAX_STATEMENTS = 1_000;

/**
 * The list's two statements for a condition, the count and the page, each prepared (PostgreSQL parses
 * and plans it once per connection) and run side by side on two connections: on a large library each
 * is a scan of its own, and one after the other they took twice as long (`pnpm bench:database`). The
 * page is answered as its items' JSON (`TExtractionRow[]`), which PostgreSQL writes, so this process
 * neither decodes the rows nor serialises them. The page asked for is `$n+1`. Its ids come first, then
 * their rows: the rows skipped by the offset are read from the list index alone (it carries every
 * non-text filter's column), not from the table.
 */
function listStatements(
  condition: string,
  pageParam: number,
  retentionMonths: number,
): { count: string; page: string } {
  const key = `${retentionMonths}|${condition}`;
  let found = statements.get(key);
  if (found) return found;
  const size = EXTRACTIONS_PAGE_SIZE;
  found = {
    count: `select count(*)::int as total from ${table} where ${condition}`,
    page:
      `select coalesce(json_agg(${rowObject(retentionMonths)} order by ${newestFirst('page.')}), '[]')::text as "json" ` +
      `from (select ${columns} from ${table} where ${quoted(extractions.id.name)} in (` +
      `select ${quoted(extractions.id.name)} from ${table} where ${condition} order by ${newestFirst()} ` +
      `limit ${size} offset ($${pageParam}::int - 1) * ${size})) page`,
  };
  if (statements.size >= MAX_STATEMENTS) statements.clear();
  statements.set(key, found);
  return found;
}

/**
 * One page of the workspace's records matching the filters, newest first, as the JSON text of a
 * `TExtractionPage`. A page beyond the last serves the
 * last one (and says so in `page`), so a page emptied by deletes falls back instead of showing nothing.
 *
 * The hot read of the Database page: one prepared statement per combination of filters (PostgreSQL
 * parses and plans it once per connection), run by postgres.js directly; only the filters' condition is
 * built with drizzle on each request (`extractionConditions`, the one place filters become SQL).
 */
export async function listExtractions(
  sql: Sql,
  ownerKey: string,
  { page, ...filters }: TExtractionListQuery,
  retentionMonths: number,
): Promise<string> {
  const condition = dialect.sqlToQuery(extractionConditions(filters, { ownerKey }));
  const params = condition.params as never[];
  const statement = listStatements(condition.sql, params.length + 1, retentionMonths);
  const pageOf = async (number: number) => {
    const [row] = await sql.unsafe<Array<{ json: string }>>(statement.page, [...params, number], {
      prepare: true,
    });
    return row?.json ?? '[]';
  };
  const [[counted], requested] = await Promise.all([
    sql.unsafe<Array<{ total: number }>>(statement.count, params, { prepare: true }),
    pageOf(page),
  ]);
  const total = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / EXTRACTIONS_PAGE_SIZE));
  const served = Math.min(page, totalPages);
  const items = served === page ? requested : await pageOf(served);
  return `{"items":${items},"page":${served},"pageSize":${EXTRACTIONS_PAGE_SIZE},"total":${total},"totalPages":${totalPages},"retentionMonths":${retentionMonths}}`;
}
