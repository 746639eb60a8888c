/**
 * Migration 0012 (`owner_key`, docs/architecture.md §17) on a populated database: 1,000,000 saved
 * extractions as the service stored them before it (the page bench's rows) and a lead list per user,
 * then the migration alone, timed. Prints the load's time, the migration's, and checks that every row
 * kept its place (counts equal, owner_key = user_id).
 *
 *   DATABASE_URL=… pnpm --filter @prospector/database bench:owner-key -- --rows 1000000
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { MIGRATIONS_FOLDER, migrationsBefore } from '../src/db/migrations-before.ts';
import { seedExtractions } from './seed-extractions.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { rows: { type: 'string', default: '1000000' } },
});
const totalRows = Number(values.rows);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const testDatabase = await createTestDatabase();
const logger = createLogger({ bench: 'owner-key-migration' }, 'silent');
const database = createDatabase({ url: testDatabase.url, schemaName: 'database', max: 2, logger });
const before = migrationsBefore('0012_workspace_owner');
try {
  await runMigrations(database, { migrationsFolder: before.folder, schemaName: 'database' });
  const loadStarted = performance.now();
  await seedExtractions(database.sql, {
    totalRows,
    heavyRows: Math.floor(totalRows / 10),
    perUser: 1000,
    heavyUser: 'bench-heavy',
    withOwnerKey: false,
  });
  await database.sql.unsafe(`
    insert into database.lead_lists (user_id, name) select distinct user_id, 'Leads' from database.extractions;
    insert into database.lead_list_members (list_id, extraction_id)
      select l.id, e.id from database.lead_lists l join database.extractions e on e.user_id = l.user_id
      where e.follower_count % 10 = 0;
    insert into database.opt_out_removals (user_id, removed) select user_id, 1 from database.lead_lists;`);
  await database.sql.unsafe('vacuum analyze database.extractions');
  console.log(`loaded ${totalRows.toLocaleString('en-US')} records in ${seconds(loadStarted)}`);

  const counts = async () =>
    (
      await database.sql`
        select (select count(*)::int from database.extractions) records,
               (select count(*)::int from database.lead_lists) lists,
               (select count(*)::int from database.lead_list_members) members,
               (select count(*)::int from database.opt_out_removals) removals`
    )[0];
  const was = await counts();
  const load = loadavg()[0] ?? 0;
  const started = performance.now();
  await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'database' });
  console.log(
    `migration 0012 on ${totalRows.toLocaleString('en-US')} records: ${seconds(started)} (load average before ${load.toFixed(1)}, after ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
  const now = await counts();
  const [misplaced] = await database.sql`
    select (select count(*)::int from database.extractions where owner_key is distinct from user_id) records,
           (select count(*)::int from database.lead_lists where owner_key is distinct from user_id) lists`;
  console.log('before', was, 'after', now, 'owner_key ≠ user_id', misplaced);
  if (JSON.stringify(was) !== JSON.stringify(now) || misplaced?.records || misplaced?.lists)
    process.exitCode = 1;
} finally {
  before.remove();
  await database.close();
  await testDatabase.drop();
}
