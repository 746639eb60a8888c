import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TAG = '0012_owner_key';
const USERS = 200;
const RUNS_PER_USER = 5;

/** The committed migrations up to (not including) `tag`: the database as it was before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'extractor-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe(`migration ${TAG}: runs and idempotency keys belong to a workspace`, () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('fills owner_key = user_id on a populated copy, keeping every row, and the keys stay unique per workspace', async () => {
    const logger = createLogger({ test: 'migration-0012' }, 'silent');
    const testDatabase = await createTestDatabase();
    cleanup.push(() => testDatabase.drop());
    const database = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 2, logger });
    cleanup.push(() => database.close());
    const before = migrationsBefore(TAG);
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
    await runMigrations(database, { migrationsFolder: before, schemaName: 'extractor' });

    // A populated database: runs (some active, with lanes), their items, idempotency keys.
    await database.sql.unsafe(`
      insert into extractor.extraction_runs (id, user_id, source, status, total, hold_id, lane_steps)
        select gen_random_uuid(), 'user-' || u, 'batch', case when r = 1 then 'running' else 'completed' end,
          3, gen_random_uuid(), '{0,0}'
        from generate_series(1, ${USERS}) u, generate_series(1, ${RUNS_PER_USER}) r;
      insert into extractor.extraction_run_items (id, run_id, position, username)
        select gen_random_uuid(), r.id, p, 'acct_' || p from extractor.extraction_runs r, generate_series(0, 2) p;
      insert into extractor.extraction_run_lanes (run_id, lane, owner_id)
        select r.id, l, r.user_id from extractor.extraction_runs r, generate_series(1, 2) l where r.status = 'running';
      insert into extractor.api_idempotency_keys (user_id, key, request_hash)
        select 'user-' || u, 'key-' || k, 'hash' from generate_series(1, ${USERS}) u, generate_series(1, 2) k;`);
    const counts = async () =>
      (
        await database.sql<{ runs: number; items: number; lanes: number; keys: number }[]>`
          select (select count(*)::int from extractor.extraction_runs) runs,
                 (select count(*)::int from extractor.extraction_run_items) items,
                 (select count(*)::int from extractor.extraction_run_lanes) lanes,
                 (select count(*)::int from extractor.api_idempotency_keys) keys`
      )[0];
    const was = await counts();
    expect(was).toEqual({
      runs: USERS * RUNS_PER_USER,
      items: USERS * RUNS_PER_USER * 3,
      lanes: USERS * 2,
      keys: USERS * 2,
    });

    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS, schemaName: 'extractor' })).applied,
    ).toBe(1);

    expect(await counts()).toEqual(was);
    const [result] = await database.sql<{ runs: number; keys: number; lanes: number }[]>`
      select (select count(*)::int from extractor.extraction_runs where owner_key = user_id) runs,
             (select count(*)::int from extractor.api_idempotency_keys where owner_key = user_id) keys,
             (select count(*)::int from extractor.extraction_run_lanes l join extractor.extraction_runs r
               on r.id = l.run_id where l.owner_id = r.owner_key) lanes`;
    expect(result).toEqual({ runs: was?.runs, keys: was?.keys, lanes: was?.lanes });
    // The workspace reads use the new indexes' column; a key is unique per workspace now.
    const indexes = await database.sql<{ indexname: string }[]>`
      select indexname from pg_indexes where schemaname = 'extractor' and tablename = 'extraction_runs'`;
    expect(indexes.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(['extraction_runs_owner_created_idx', 'extraction_runs_owner_active_idx']),
    );
    await expect(
      database.sql`insert into extractor.api_idempotency_keys (owner_key, user_id, key, request_hash)
        values ('user-1', 'user-2', 'key-1', 'hash')`,
    ).rejects.toThrow(/duplicate key/);
    // Applied again (a restart): nothing to do.
    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS, schemaName: 'extractor' })).applied,
    ).toBe(0);
  });
});
