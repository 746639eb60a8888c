import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The typed-columns migration's backfill statement (drizzle/0002_typed_columns.sql), so tests can run it
 * again over rows written the way records were before the columns existed.
 */
export function typedColumnsBackfillSql(): string {
  const migration = readFileSync(
    fileURLToPath(new URL('../../drizzle/0002_typed_columns.sql', import.meta.url)),
    'utf8',
  );
  const statement = migration
    .split('--> statement-breakpoint')
    .map((part) => part.trim())
    .find((part) => /^(--[^\n]*\n)*UPDATE/.test(part));
  if (!statement) throw new Error('The typed-columns migration has no backfill UPDATE.');
  return statement;
}
