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
