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
 * The export's CSV (docs/product.md "CSV formats"): UTF-8 with a byte-order mark, `;` separated, a header row,
 * the columns in order, every cell neutralised against formulas and quoted by csv-stringify when it
 * holds `;`, a quote or a line break. Rows come from a server-side cursor a batch at a time, through
 * the stringifier, and the next batch is fetched only when the client has read the last one's chunk
 * (backpressure), so a 100,000-row export holds one batch in memory. Returns null when no row matches: the caller answers "No data to
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

  const csv = stringify({
    delimiter: EXTRACTION_CSV_DELIMITER,
    header: true,
    columns: [...EXTRACTION_CSV_COLUMNS],
    bom: true,
    // Room for one batch's text, so writing a batch never waits for a reader (see `drain`).
    readableHighWaterMark: 4 * 1024 * 1024,
  });
  /** Everything the stringifier has produced so far, as one chunk. */
  const drain = (): Buffer | null => {
    const parts: Buffer[] = [];
    for (let part = csv.read(); part !== null; part = csv.read()) parts.push(part as Buffer);
    return parts.length > 0 ? Buffer.concat(parts) : null;
  };
  // Drizzle renders the query; postgres.js runs it as a cursor, rows keyed by column name.
  const batches = database.sql
    .unsafe<TExportRow[]>(query.sql, query.params as never[])
    .cursor(EXPORT_BATCH_ROWS)
    [Symbol.asyncIterator]();

  // Pull-based: the next batch is read from PostgreSQL only when the client has taken the last chunk.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const batch = await batches.next();
        if (batch.done) {
          const finished = new Promise((resolve) => csv.once('finish', resolve));
          csv.end();
          await finished;
          const rest = drain();
          if (rest) controller.enqueue(rest);
          controller.close();
          return;
        }
        for (const row of batch.value) {
          csv.write(
            extractionCsvRow(
              readExtractionData(row.extraction_data, row.instagram_username),
              new Date(row.created_at).toISOString(),
            ),
          );
        }
        const chunk = drain();
        if (chunk) controller.enqueue(chunk);
      },
      async cancel() {
        csv.destroy();
        await batches.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
