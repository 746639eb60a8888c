import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrationsBefore } from './migrations-before.ts';

const USERS = 40;
const PER_USER = 50;

describe('migration 0012: the workspace (owner_key) on every record, list and count', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('keeps every row, in its user’s personal workspace (owner_key = user_id), and keys uniqueness per workspace', async () => {
    const logger = createLogger({ test: 'migration-0012' }, 'silent');
    const testDatabase = await createTestDatabase();
    cleanup.push(() => testDatabase.drop());
    const database = createDatabase({ url: testDatabase.url, schemaName: 'database', max: 2, logger });
    cleanup.push(() => database.close());
    const before = migrationsBefore('0012_workspace_owner');
    cleanup.push(before.remove);
    await runMigrations(database, { migrationsFolder: before.folder, schemaName: 'database' });

    // A populated database as the service kept it before: records, lists with members, opt-out counts.
    await database.sql.unsafe(`
      insert into database.extractions (user_id, instagram_username, extraction_data, public_email, follower_count)
        select 'user-' || u, 'acct_' || n, jsonb_build_object('username', 'acct_' || n), 'a' || n || '@x.test', n
        from generate_series(1, ${USERS}) u, generate_series(1, ${PER_USER}) n;
      insert into database.lead_lists (user_id, name) select 'user-' || u, 'Leads' from generate_series(1, ${USERS}) u;
      insert into database.lead_list_members (list_id, extraction_id)
        select l.id, e.id from database.lead_lists l join database.extractions e on e.user_id = l.user_id
        where e.follower_count % 5 = 0;
      insert into database.opt_out_removals (user_id, removed, credits_used)
        select 'user-' || u, u, u from generate_series(1, ${USERS}) u;`);
    const counts = async () =>
      (
        await database.sql<{ records: number; lists: number; members: number; removals: number }[]>`
          select (select count(*)::int from database.extractions) records,
                 (select count(*)::int from database.lead_lists) lists,
                 (select count(*)::int from database.lead_list_members) members,
                 (select coalesce(sum(removed), 0)::int from database.opt_out_removals) removals`
      )[0];
    const was = await counts();
    expect(was).toEqual({
      records: USERS * PER_USER,
      lists: USERS,
      members: USERS * (PER_USER / 5),
      removals: (USERS * (USERS + 1)) / 2,
    });

    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'database' }))
        .applied,
    ).toBe(1);

    expect(await counts()).toEqual(was);
    const [placed] = await database.sql<{ records: number; lists: number; removals: number }[]>`
      select (select count(*)::int from database.extractions where owner_key = user_id) records,
             (select count(*)::int from database.lead_lists where owner_key = user_id) lists,
             (select count(*)::int from database.opt_out_removals where owner_key like 'user-%') removals`;
    expect(placed).toEqual({ records: USERS * PER_USER, lists: USERS, removals: USERS });

    // One record per workspace and username now: a member of another workspace may hold the same account,
    // the same workspace may not twice (whoever extracted it).
    await database.sql`insert into database.extractions (owner_key, user_id, instagram_username, extraction_data)
      values ('team-1', 'user-1', 'acct_1', '{}'::jsonb)`;
    await expect(
      database.sql`insert into database.extractions (owner_key, user_id, instagram_username, extraction_data)
        values ('team-1', 'user-2', 'acct_1', '{}'::jsonb)`,
    ).rejects.toMatchObject({ constraint_name: 'extractions_owner_username_unique' });
    await expect(
      database.sql`insert into database.lead_lists (owner_key, user_id, name) values ('user-1', 'user-9', 'LEADS')`,
    ).rejects.toMatchObject({ constraint_name: 'lead_lists_owner_name_unique' });
    // Every index that led with user_id leads with owner_key; user_id keeps its own for the erasure.
    const indexes = await database.sql<{ name: string; definition: string }[]>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'database' and tablename in ('extractions', 'lead_lists')`;
    const leadingUser = indexes
      .filter((index) => /\(user_id[,)]/.test(index.definition))
      .map((index) => index.name);
    expect(leadingUser.sort()).toEqual(['extractions_user_idx', 'lead_lists_user_idx']);
    expect(indexes.filter((index) => /\(owner_key[,)]/.test(index.definition)).length).toBe(17);

    // Applied again (a restart): nothing to do.
    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'database' }))
        .applied,
    ).toBe(0);
  });
});
