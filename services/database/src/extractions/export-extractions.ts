import { Readable } from 'node:stream';
import {
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  extractionCsvRow,
  readExtractionData,
  type TExtractionExportQuery,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { stringify } from 'csv-stringify';
import { desc } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { extractionConditions } from './extraction-filters.ts';

type TExportRow = { instagram_username: string; extraction_data: Record<string, unknown>; created_at: Date };

/** Rows fetched from the cursor at a time: memory stays flat whatever the export's size. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * The export's CSV (spec "CSV formats"): UTF-8 with a byte-order mark, `;` separated, a header row,
 * the columns in order, every cell neutralised against formulas and quoted by csv-stringify when it
 * holds `;`, a quote or a line break. Rows stream from a server-side cursor through the stringifier,
 * which pulls the next batch only when the client has read the last (backpressure), so a 100,000-row
 * export holds one batch in memory. Returns null when no row matches: the caller answers "No data to
 * export" before anything is sent.
 */
export async function exportExtractionsCsv(
  database: TDatabase,
  userId: string,
  { ids, ...filters }: TExtractionExportQuery,
): Promise<ReadableStream<Uint8Array> | null> {
  const where = extractionConditions(filters, {
    userId,
    ids: ids.length > 0 ? ids : undefined,
    withEmailOnly: true,
  });
  const [first] = await database.db.select({ id: extractions.id }).from(extractions).where(where).limit(1);
  if (!first) return null;

  const query = database.db
    .select({
      instagramUsername: extractions.instagramUsername,
      extractionData: extractions.extractionData,
      createdAt: extractions.createdAt,
    })
    .from(extractions)
    .where(where)
    .orderBy(desc(extractions.createdAt), desc(extractions.id))
    .toSQL();

  async function* records() {
    // Drizzle renders the query; postgres.js runs it as a cursor, rows keyed by column name.
    const cursor = database.sql
      .unsafe<TExportRow[]>(query.sql, query.params as never[])
      .cursor(EXPORT_BATCH_ROWS);
    for await (const batch of cursor) {
      for (const row of batch) {
        yield extractionCsvRow(
          readExtractionData(row.extraction_data, row.instagram_username),
          new Date(row.created_at).toISOString(),
        );
      }
    }
  }

  const csv = stringify({
    delimiter: EXTRACTION_CSV_DELIMITER,
    header: true,
    columns: [...EXTRACTION_CSV_COLUMNS],
    bom: true,
  });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  source.pipe(csv);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
