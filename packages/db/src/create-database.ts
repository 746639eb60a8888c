import { type TBusLogger, withTimeout } from '@prospector/bus';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import { defaultDbLogger, describeError } from './logger.ts';

export interface TCreateDatabaseOptions<TSchema extends Record<string, unknown>> {
  url: string;
  /** The service's own schema (docs/architecture.md §3); first on the search path and in application_name. */
  schemaName: string;
  /** Pool size per process. Five services share one cluster, so keep each pool modest. */
  max?: number;
  logger?: TBusLogger;
  /** Drizzle schema object, for relational queries (`db.query.*`). */
  schema?: TSchema;
}

export interface TDatabase<TSchema extends Record<string, unknown> = Record<string, never>> {
  readonly sql: Sql;
  readonly db: PostgresJsDatabase<TSchema>;
  readonly schemaName: string;
  readonly logger: TBusLogger;
  /** The pool's size (`max`). */
  readonly poolSize: number;
  /** This pool's open connections by state, as PostgreSQL sees them (pg_stat_activity), for metrics. */
  connectionsByState(): Promise<Array<{ state: string; count: number }>>;
  /** Ends every pooled connection, waiting briefly for running queries. */
  close(): Promise<void>;
  /** True when a trivial query answers within the timeout; never throws (health endpoints call it). */
  ping(timeoutMs?: number): Promise<boolean>;
}

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_PING_TIMEOUT_MS = 2_000;

export function createDatabase<TSchema extends Record<string, unknown> = Record<string, never>>(
  options: TCreateDatabaseOptions<TSchema>,
): TDatabase<TSchema> {
  const logger = options.logger ?? defaultDbLogger;
  const poolSize = options.max ?? DEFAULT_POOL_SIZE;
  const applicationName = `prospector-${options.schemaName}`;
  const sql = postgres(options.url, {
    max: poolSize,
    // Release idle connections so a quiet service does not pin slots on a shared cluster.
    idle_timeout: 30,
    connect_timeout: 10,
    // Migrations and IF NOT EXISTS statements emit NOTICEs that would otherwise flood stdout.
    onnotice: () => {},
    connection: {
      application_name: applicationName,
      search_path: `"${options.schemaName.replaceAll('"', '""')}",public`,
    },
  });
  const db = options.schema ? drizzle(sql, { schema: options.schema }) : drizzle<TSchema>(sql);

  async function ping(timeoutMs = DEFAULT_PING_TIMEOUT_MS): Promise<boolean> {
    try {
      await withTimeout(sql`select 1`, timeoutMs, () => new Error(`no answer within ${timeoutMs} ms`));
      return true;
    } catch (error) {
      logger.warn('database ping failed', { schema: options.schemaName, error: describeError(error) });
      return false;
    }
  }

  async function connectionsByState() {
    // Not counting the connection asking. postgres.js keeps no pool statistics of its own.
    const rows = await sql<{ state: string; count: number }[]>`
      select coalesce(state, 'unknown') as state, count(*)::int as count
      from pg_stat_activity
      where application_name = ${applicationName} and datname = current_database()
        and pid <> pg_backend_pid()
      group by 1`;
    return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
  }

  return {
    sql,
    db,
    schemaName: options.schemaName,
    logger,
    poolSize,
    connectionsByState,
    // Queries still running after 2 s are cut (their transactions roll back): a shutdown waits no longer.
    close: () => sql.end({ timeout: 2 }),
    ping,
  };
}
