import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabase } from './create-database.ts';
import { runMigrations } from './run-migrations.ts';
import { createTestDatabase, type TTestDatabase } from './testing.ts';

const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixtures/drizzle', import.meta.url));

/** A writable copy of the fixture migrations with one more migration appended to the journal. */
function createMigrationsWithExtraStep(statement: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'prospector-migrations-'));
  cpSync(FIXTURE_MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('fixture journal has no entries');
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: '0001_extra_step' });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, '0001_extra_step.sql'), statement);
  return folder;
}

describe('runMigrations', () => {
  let testDatabase: TTestDatabase;
  let database: TDatabase;
  const foldersToRemove: string[] = [];

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'sample', max: 2 });
  });

  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
    for (const folder of foldersToRemove.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  async function listTables(): Promise<string[]> {
    const rows = await database.sql<{ name: string }[]>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') order by 1`;
    return rows.map((row) => row.name);
  }

  it('creates the schema, applies the migrations once, and is a no-op the second time', async () => {
    const first = await runMigrations(database, {
      migrationsFolder: FIXTURE_MIGRATIONS,
      schemaName: 'sample',
    });
    const second = await runMigrations(database, {
      migrationsFolder: FIXTURE_MIGRATIONS,
      schemaName: 'sample',
    });

    expect(first.applied).toBe(1);
    expect(second.applied).toBe(0);
    expect(await listTables()).toEqual(['sample.__drizzle_migrations', 'sample.orders', 'sample.outbox']);
    const bookkeeping = await database.sql`select hash from sample.__drizzle_migrations`;
    expect(bookkeeping).toHaveLength(1);
  });

  it('keeps the bookkeeping table in the service schema, not in a shared drizzle schema', async () => {
    await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' });

    const schemas = await database.sql<{ schema_name: string }[]>`
      select schema_name from information_schema.schemata where schema_name in ('drizzle', 'sample')`;
    expect(schemas.map((row) => row.schema_name)).toEqual(['sample']);
  });

  it('applies each migration once when two processes start at the same moment', async () => {
    const other = createDatabase({ url: testDatabase.url, schemaName: 'sample', max: 2 });
    try {
      const results = await Promise.all([
        runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' }),
        runMigrations(other, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' }),
      ]);
      expect(results.map((result) => result.applied).sort()).toEqual([0, 1]);
      const bookkeeping = await database.sql`select hash from sample.__drizzle_migrations`;
      expect(bookkeeping).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('applies only the migrations added since the last run', async () => {
    await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' });
    const extended = createMigrationsWithExtraStep('ALTER TABLE "sample"."orders" ADD COLUMN "note" text;');
    foldersToRemove.push(extended);

    const result = await runMigrations(database, { migrationsFolder: extended, schemaName: 'sample' });

    expect(result.applied).toBe(1);
    const columns = await database.sql<{ column_name: string }[]>`
      select column_name from information_schema.columns
      where table_schema = 'sample' and table_name = 'orders' order by ordinal_position`;
    expect(columns.map((row) => row.column_name)).toEqual(['id', 'user_id', 'amount', 'note']);
  });

  it('leaves nothing half-applied when a migration fails', async () => {
    await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' });
    const broken = createMigrationsWithExtraStep(
      'CREATE TABLE "sample"."notes" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "sample"."missing" ADD COLUMN "x" text;',
    );
    foldersToRemove.push(broken);

    await expect(runMigrations(database, { migrationsFolder: broken, schemaName: 'sample' })).rejects.toThrow(
      /missing/,
    );
    expect(await listTables()).toEqual(['sample.__drizzle_migrations', 'sample.orders', 'sample.outbox']);
    const bookkeeping = await database.sql`select hash from sample.__drizzle_migrations`;
    expect(bookkeeping).toHaveLength(1);
  });
});
