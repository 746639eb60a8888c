import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { TDatabase } from './create-database.ts';
import { DEFAULT_MIGRATIONS_TABLE } from './drizzle-config.ts';

export interface TRunMigrationsOptions {
  /** The service's committed drizzle-kit output folder (holds `meta/_journal.json`). */
  migrationsFolder: string;
  /** The service's own schema; it also holds the migrations bookkeeping table. */
  schemaName: string;
}

export interface TRunMigrationsResult {
  /** How many migration files this call applied (0 when the schema was already current). */
  applied: number;
}

/**
 * Brings a service's schema up to date from its committed drizzle-kit migrations.
 *
 * Each service keeps a `drizzle.config.ts` with `schemaFilter: ['<schema>']` and
 * `migrations: { schema: '<schema>', table: '__drizzle_migrations' }`, generates SQL with
 * `drizzle-kit generate`, commits the `drizzle/` folder, and calls this once at start-up:
 *
 *   await runMigrations(database, {
 *     migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
 *     schemaName: 'billing',
 *   });
 *
 * The bookkeeping table lives in the service's schema (not drizzle's shared `drizzle` schema), so
 * five services migrate one cluster independently. Everything runs in one transaction behind a
 * per-schema advisory lock: two processes starting together apply each migration once, and a failed
 * migration leaves nothing half-applied. The bookkeeping rows match drizzle's own migrator.
 */
export async function runMigrations(
  database: Pick<TDatabase, 'sql' | 'logger'>,
  options: TRunMigrationsOptions,
): Promise<TRunMigrationsResult> {
  const migrations = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
  const schema = options.schemaName;
  // drizzle-kit's own name, so `drizzle-kit migrate` and this runner agree.
  const table = DEFAULT_MIGRATIONS_TABLE;

  const applied = await database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`prospector:migrations:${schema}`}))`;
    await tx`create schema if not exists ${tx(schema)}`;
    await tx`
      create table if not exists ${tx(schema)}.${tx(table)} (
        id serial primary key,
        hash text not null,
        created_at bigint
      )`;
    // Read only after the lock is held, so a process that waited sees what the first one applied.
    const [last] = await tx<{ created_at: string }[]>`
      select created_at from ${tx(schema)}.${tx(table)} order by created_at desc limit 1`;
    const appliedUpTo = last ? Number(last.created_at) : Number.NEGATIVE_INFINITY;
    // Schemas migrate concurrently (embedded mode starts every service at once), but statements
    // outside a schema (CREATE EXTENSION IF NOT EXISTS in two services) race: applying takes one
    // cluster-wide lock too, after the schema's, so a restart with nothing to apply never waits on it.
    if (migrations.some((migration) => migration.folderMillis > appliedUpTo))
      await tx`select pg_advisory_xact_lock(hashtext('prospector:migrations'))`;

    let count = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= appliedUpTo) continue;
      for (const statement of migration.sql) {
        if (statement.trim() === '') continue;
        await tx.unsafe(toleratePresentSchema(statement));
      }
      await tx`
        insert into ${tx(schema)}.${tx(table)} (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`;
      count += 1;
    }
    return count;
  });

  if (applied > 0) database.logger.info('database migrations applied', { schema, applied });
  return { applied };
}

/**
 * drizzle-kit emits a plain `CREATE SCHEMA` for a pgSchema, but the schema already exists by then
 * because it holds the bookkeeping table.
 */
function toleratePresentSchema(statement: string): string {
  return statement.replace(/^(\s*CREATE\s+SCHEMA\s+)(?!IF\s+NOT\s+EXISTS)/i, '$1IF NOT EXISTS ');
}
