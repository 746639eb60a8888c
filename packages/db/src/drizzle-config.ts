/** drizzle's bookkeeping table, kept in each service's own schema (see `runMigrations`). */
export const DEFAULT_MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * A service's `drizzle.config.ts`: migrations generated from `src/db/schema.ts` into `drizzle/`, for
 * its own PostgreSQL schema only. Its own entry point, so drizzle-kit loads nothing else of this package.
 */
export const serviceDrizzleConfig = (schema: string) => ({
  dialect: 'postgresql' as const,
  schema: './src/db/schema.ts',
  out: './drizzle',
  schemaFilter: [schema],
  migrations: { schema, table: DEFAULT_MIGRATIONS_TABLE },
});
