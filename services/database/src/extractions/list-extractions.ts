import { EXTRACTIONS_PAGE_SIZE, type TExtractionListQuery } from '@prospector/contracts';
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
const dialect = new PgDialect();
const table = dialect.sqlToQuery(drizzleSql`${extractions}`).sql;
const quoted = (name: string) => `"${name}"`;
/** Each row's fields as the wire names them (`TExtractionRow`); `createdAt` in the ISO form JavaScript writes. */
const rowObject = `json_build_object(${Object.entries(rowColumns)
  .map(([field, column]) =>
    field === 'createdAt'
      ? `'${field}', to_char(page.${quoted(column.name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `'${field}', page.${quoted(column.name)}`,
  )
  .join(', ')})`;
const columns = Object.values(rowColumns)
  .map((column) => quoted(column.name))
  .join(', ');
const newestFirst = (alias = '') =>
  `${alias}${quoted(extractions.createdAt.name)} desc, ${alias}${quoted(extractions.id.name)} desc`;
/** Statements by the text of their filters' condition (which holds no value, only `$n`), built once each. */
const statements = new Map<string, string>();
const MAX_STATEMENTS = 1_000;

/**
 * The list's one statement for a condition: the matching count and the page's rows in one round trip,
 * answered as the page's JSON (`TExtractionPage`), which PostgreSQL writes, so this process neither
 * decodes the rows nor serialises them. The condition appears twice with the same `$1…$n`; the page
 * asked for is `$n+1`, served as at most the last page. The page's ids come first, then their rows: the
 * rows skipped by the offset are read from the list index alone (it carries every non-text filter's
 * column), not from the table.
 */
function listStatement(condition: string, pageParam: number): string {
  let statement = statements.get(condition);
  if (statement) return statement;
  const size = EXTRACTIONS_PAGE_SIZE;
  const pages = `greatest(1, ceil(counted.total / ${size}.0)::int)`;
  const served = `least($${pageParam}::int, ${pages})`;
  statement =
    `select json_build_object('items', coalesce(json_agg(${rowObject} order by ${newestFirst('page.')}) ` +
    `filter (where page.${quoted(extractions.id.name)} is not null), '[]'), 'page', ${served}, ` +
    `'pageSize', ${size}, 'total', counted.total, 'totalPages', ${pages})::text as "json" ` +
    `from (select count(*)::int as total from ${table} where ${condition}) counted ` +
    `left join lateral (select ${columns} from ${table} where ${quoted(extractions.id.name)} in (` +
    `select ${quoted(extractions.id.name)} from ${table} where ${condition} order by ${newestFirst()} ` +
    `limit ${size} offset (${served} - 1) * ${size})) page on true group by counted.total`;
  if (statements.size >= MAX_STATEMENTS) statements.clear();
  statements.set(condition, statement);
  return statement;
}

/**
 * One page of the user's records matching the filters, newest first, as the JSON text of a
 * `TExtractionPage`. A page beyond the last serves the
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
): Promise<string> {
  const condition = dialect.sqlToQuery(extractionConditions(filters, { userId }));
  const statement = listStatement(condition.sql, condition.params.length + 1);
  const [row] = await sql.unsafe<Array<{ json: string }>>(
    statement,
    [...(condition.params as never[]), page],
    {
      prepare: true,
    },
  );
  if (!row) throw new Error('the list statement answered no row');
  return row.json;
}
