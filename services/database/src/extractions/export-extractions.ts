import {
  CSV_BOM,
  CSV_FORMULA_STARTS,
  CSV_IGNORED_LEADING_RANGES,
  CSV_RISKY_FIRST_CHARACTERS,
  EMAIL_STATUS_CSV_COLUMNS,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  extractionCsvHeader,
  type TExtractionExportQuery,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { desc, type SQL, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { copyDownload } from './copy-download.ts';
import type { TExportSlots } from './export-slots.ts';
import { extractionConditions } from './extraction-filters.ts';

type TCsvColumn = (typeof EXTRACTION_CSV_COLUMNS)[number] | (typeof EMAIL_STATUS_CSV_COLUMNS)[number];

/** A text of the stored profile as `readExtractionData` reads it: a string, else nothing. */
const profileText = (key: string) =>
  sql`case when jsonb_typeof(${extractions.extractionData} -> ${key}) = 'string' then ${extractions.extractionData} ->> ${key} end`;

/**
 * Each column's value, as `extractionCsvRow(readExtractionData(…))` writes it: the typed columns hold
 * what `readExtractionData` read when the record was stored (or what the backfill read); the profile
 * adds the four fields they lack. Numbers and flags as `String()` writes them, the date as
 * `toISOString()`.
 */
const CSV_VALUES: Record<TCsvColumn, SQL> = {
  username: sql`coalesce(nullif(${profileText('username')}, ''), ${extractions.instagramUsername})`,
  full_name: sql`${extractions.fullName}`,
  follower_count: sql`${extractions.followerCount}::text`,
  following_count: sql`${extractions.followingCount}::text`,
  media_count: sql`${extractions.mediaCount}::text`,
  is_verified: sql`${extractions.isVerified}::text`,
  is_private: sql`${extractions.isPrivate}::text`,
  category: sql`${extractions.category}`,
  country: profileText('country'),
  date_joined: profileText('date_joined'),
  external_url: profileText('external_url'),
  public_email: sql`${extractions.publicEmail}`,
  biography: sql`${extractions.biography}`,
  extraction_date: sql`to_char(${extractions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  // Only with "Include e-mail status": deliverable, risky or undeliverable; empty when not checked.
  email_status: sql`${extractions.emailStatus}`,
  // And whether it is a role mailbox: true or false, whatever its status.
  email_role: sql`${extractions.emailRole}::text`,
};

/** A code point as PostgreSQL's regular expressions write it (`\uXXXX`, `\UXXXXXXXX` beyond the BMP). */
const regexCodePoint = (code: number) =>
  code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
const codePointsOf = (characters: readonly string[]) =>
  characters.map((character) => regexCodePoint(character.codePointAt(0) as number)).join('');

/** `neutralizeCsvCell`'s rule as a PostgreSQL regular expression, built from the same lists. */
const FORMULA_CELL_REGEX = `^(?:[${codePointsOf(CSV_RISKY_FIRST_CHARACTERS)}]|[${CSV_IGNORED_LEADING_RANGES.map(
  ([from, to]) => `${regexCodePoint(from)}-${regexCodePoint(to)}`,
).join('')}]*[${codePointsOf(CSV_FORMULA_STARTS)}])`;

/**
 * One cell: neutralised against formulas like `neutralizeCsvCell` (a formula sign first, also after
 * leading spaces and invisible characters), and an empty text as NULL, which COPY writes as nothing
 * (it would quote an empty string). COPY's CSV then quotes a cell exactly when csv-stringify does (it
 * holds the delimiter, a quote, CR or LF) and doubles its quotes.
 */
const csvCell = (value: SQL) =>
  sql`nullif(case when ${value} ~ ${FORMULA_CELL_REGEX} then '''' || ${value} else ${value} end, '')`;

/**
 * A value written into SQL text: COPY takes no bind parameters. Strings as E'' literals with
 * backslashes and quotes doubled (what libpq's PQescapeLiteral writes), whatever
 * standard_conforming_strings says.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) {
    return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  }
  throw new TypeError(`No SQL literal for ${JSON.stringify(value)}`);
}

/** Drizzle's `$n` placeholders replaced by their values as literals (the query text holds no other `$`). */
export const withLiterals = (text: string, params: readonly unknown[]): string =>
  text.replace(/\$(\d+)/g, (_, number: string) => sqlLiteral(params[Number(number) - 1]));

/**
 * The export's CSV (docs/product.md "CSV formats", `extractionCsvRow` in the contracts): UTF-8 with a byte-order
 * mark, `;` separated, a header row, the columns in order, every cell neutralised against formulas,
 * quoted when it holds `;`, a quote or a line break. PostgreSQL writes the rows itself (`COPY … TO
 * STDOUT` in CSV) on the export's own connection (`export-slots.ts`: one export per user, a few per
 * process) and they flow through as the bytes arrive (`copy-download.ts`). Returns null when no row
 * matches: the caller answers "No data to export" before anything is sent.
 */
export async function exportExtractionsCsv({
  database,
  slots,
  actor,
  query: { ids, includeEmailStatus, ...filters },
  signal,
  stallMs,
}: {
  database: TDatabase;
  slots: TExportSlots;
  /** The workspace's records are exported; the member holds the export slot (one at a time each). */
  actor: { ownerKey: string; userId: string };
  query: TExtractionExportQuery;
  /** The request's: a client gone while the export waits for a slot stops waiting. */
  signal?: AbortSignal;
  stallMs: number;
}): Promise<ReadableStream<Uint8Array> | null> {
  const columns: readonly TCsvColumn[] = includeEmailStatus
    ? [...EXTRACTION_CSV_COLUMNS, ...EMAIL_STATUS_CSV_COLUMNS]
    : EXTRACTION_CSV_COLUMNS;
  const where = extractionConditions(filters, {
    ownerKey: actor.ownerKey,
    ids: ids.length > 0 ? ids : undefined,
    withEmailOnly: true,
  });
  const lease = await slots.open(actor.userId, signal);
  try {
    // On the export's own connection: a drizzle client cannot be built over a reserved one, so the query
    // goes as drizzle's postgres-js session sends it (its text and untyped parameters).
    const probe = database.db.select({ id: extractions.id }).from(extractions).where(where).limit(1).toSQL();
    const [first] = await lease.sql.unsafe(probe.sql, probe.params as never[]);
    if (!first) {
      await lease.release();
      return null;
    }
    const query = database.db
      .select(Object.fromEntries(columns.map((column) => [column, csvCell(CSV_VALUES[column])])))
      .from(extractions)
      .where(where)
      .orderBy(desc(extractions.createdAt), desc(extractions.id))
      .toSQL();
    const rows = await lease.sql
      .unsafe(
        `copy (${withLiterals(query.sql, query.params)}) to stdout with (format csv, delimiter ${sqlLiteral(EXTRACTION_CSV_DELIMITER)})`,
      )
      .readable();
    return copyDownload({
      header: `${CSV_BOM}${extractionCsvHeader(includeEmailStatus)}`,
      rows,
      stallMs,
      release: lease.release,
    });
  } catch (error) {
    await lease.release();
    throw error;
  }
}
