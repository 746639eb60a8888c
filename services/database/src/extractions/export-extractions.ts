import {
  CSV_BOM,
  CSV_FORMULA_STARTS,
  EMAIL_STATUS_CSV_COLUMN,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  type TExtractionExportQuery,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { desc, type SQL, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { extractionConditions } from './extraction-filters.ts';

type TCsvColumn = (typeof EXTRACTION_CSV_COLUMNS)[number] | typeof EMAIL_STATUS_CSV_COLUMN;

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
};

/**
 * One cell: neutralised against formulas like `neutralizeCsvCell`, and an empty text as NULL, which
 * COPY writes as nothing (it would quote an empty string). COPY's CSV then quotes a cell exactly when
 * csv-stringify does (it holds the delimiter, a quote, CR or LF) and doubles its quotes.
 */
const csvCell = (value: SQL) =>
  sql`nullif(case when left(${value}, 1) in (${sql.join(
    CSV_FORMULA_STARTS.map((start) => sql`${start}`),
    sql`, `,
  )}) then '''' || ${value} else ${value} end, '')`;

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
 * STDOUT` in CSV) and they flow through as the bytes arrive; the next are read from the connection only
 * when the client has taken the last (postgres.js pauses the socket: backpressure), so memory stays flat
 * whatever the export's size. Returns null when no row matches: the caller answers "No data to export"
 * before anything is sent.
 */
export async function exportExtractionsCsv(
  database: TDatabase,
  userId: string,
  { ids, includeEmailStatus, ...filters }: TExtractionExportQuery,
): Promise<ReadableStream<Uint8Array> | null> {
  const columns: readonly TCsvColumn[] = includeEmailStatus
    ? [...EXTRACTION_CSV_COLUMNS, EMAIL_STATUS_CSV_COLUMN]
    : EXTRACTION_CSV_COLUMNS;
  const where = extractionConditions(filters, {
    userId,
    ids: ids.length > 0 ? ids : undefined,
    withEmailOnly: true,
  });
  const [first] = await database.db.select({ id: extractions.id }).from(extractions).where(where).limit(1);
  if (!first) return null;

  const query = database.db
    .select(Object.fromEntries(columns.map((column) => [column, csvCell(CSV_VALUES[column])])))
    .from(extractions)
    .where(where)
    .orderBy(desc(extractions.createdAt), desc(extractions.id))
    .toSQL();
  const copy = database.sql.unsafe(
    `copy (${withLiterals(query.sql, query.params)}) to stdout with (format csv, delimiter ${sqlLiteral(EXTRACTION_CSV_DELIMITER)})`,
  );
  const rows = await copy.readable();
  // Each step takes everything buffered so far as one chunk.
  const chunks = rows[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // postgres.js pauses the connection's socket while the stream's buffer is full and resumes it when the
  // stream is read (its `_read`); a COPY that ends (or fails) while paused leaves a stream that is never
  // read again, and the connection would go back to the pool deaf. Resume it once the stream is over.
  const resumeConnection = () => (rows as unknown as { _read(size: number): void })._read(0);
  const next = async () => {
    try {
      const chunk = await chunks.next();
      if (chunk.done) resumeConnection();
      return chunk;
    } catch (error) {
      resumeConnection();
      throw error;
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(Buffer.from(`${CSV_BOM}${columns.join(EXTRACTION_CSV_DELIMITER)}\n`));
      },
      async pull(controller) {
        const chunk = await next();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      async cancel() {
        // A COPY cannot be stopped from the client's side of the protocol (and a cancel request could
        // reach the connection's next query): read the rest and drop it, so the connection goes back
        // to the pool ready.
        try {
          while (!(await next()).done) {}
        } catch {
          // The connection reports its own errors; nothing was waiting for these rows.
        }
      },
    },
    { highWaterMark: 0 },
  );
}
