import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database.ts';
import { runMigrations } from './run-migrations.ts';
import { createTestDatabase, migratedTemplate, type TTestDatabase } from './testing.ts';

const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixtures/drizzle', import.meta.url));
const SAMPLE = [{ schemaName: 'sample', migrationsFolder: FIXTURE_MIGRATIONS }];

const created: TTestDatabase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(created.map((database) => database.drop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function migratedDatabase(schemas = SAMPLE) {
  const database = await createTestDatabase({ migrated: schemas });
  created.push(database);
  return database;
}

describe('createTestDatabase({ migrated })', () => {
  it('gives each caller its own database with the schema migrated, cloned from one template', async () => {
    const [first, second] = await Promise.all([migratedDatabase(), migratedDatabase()]);
    expect(first?.name).not.toBe(second?.name);

    const database = createDatabase({ url: String(first?.url), schemaName: 'sample', max: 1 });
    try {
      await database.sql`insert into sample.orders (id, user_id, amount) values (gen_random_uuid(), 'only-here', 1)`;
      // Already current: the service's own start-up migration finds nothing to do.
      expect(
        await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' }),
      ).toEqual({
        applied: 0,
      });
    } finally {
      await database.close();
    }
    const other = postgres(String(second?.url), { max: 1, onnotice: () => {} });
    try {
      expect(await other`select count(*)::int as n from sample.orders`).toEqual([{ n: 0 }]);
    } finally {
      await other.end();
    }
  });

  it('uses another template once a migration is added, so a test never runs on an old schema', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'prospector-template-migrations-'));
    folders.push(folder);
    cpSync(FIXTURE_MIGRATIONS, folder, { recursive: true });
    const serverUrl = process.env.DATABASE_URL;
    const before = serverUrl
      ? await migratedTemplate(serverUrl, [{ schemaName: 'sample', migrationsFolder: folder }])
      : '';

    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ idx: number; when: number; tag: string }>;
    };
    const last = journal.entries.at(-1);
    if (!last) throw new Error('fixture journal has no entries');
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: '0001_more' });
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(join(folder, '0001_more.sql'), 'CREATE TABLE "sample"."more" ("id" integer);');

    const database = await migratedDatabase([{ schemaName: 'sample', migrationsFolder: folder }]);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      expect(await sql`select to_regclass('sample.more') is not null as present`).toEqual([
        { present: true },
      ]);
    } finally {
      await sql.end();
    }
    if (serverUrl) {
      expect(
        await migratedTemplate(serverUrl, [{ schemaName: 'sample', migrationsFolder: folder }]),
      ).not.toBe(before);
    }
  });
});
