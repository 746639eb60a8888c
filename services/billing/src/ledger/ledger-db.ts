import { AppError } from '@prospector/contracts';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';

/**
 * What the ledger runs on: the service's drizzle database, or a transaction of it (then every
 * operation runs inside it as a savepoint and commits or rolls back with it).
 */
export type TLedgerDb = PgDatabase<PostgresJsQueryResultHKT, Record<string, never>>;

export const holdNotFound = (holdId: string) =>
  new AppError('NOT_FOUND', 'This credit hold does not exist.', { holdId });

/** PostgreSQL's unique_violation, on the error or on its cause. */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === '23505' || failure?.cause?.code === '23505';
}

/**
 * What a ledger row or hold names as its member once that member erased their account while the row
 * stays with a workspace they did not own (docs/architecture.md §15, §17).
 */
export const FORMER_MEMBER = 'former-member';
