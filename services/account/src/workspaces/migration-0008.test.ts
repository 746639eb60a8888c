import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const USERS = 500;

/** The committed migrations up to (not including) `tag`: the database as it was before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'account-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0008: a personal workspace for every existing user', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('gives each user one workspace (id = user id) as owner, and every open session acts for it', async () => {
    const logger = createLogger({ test: 'migration-0008' }, 'silent');
    const testDatabase = await createTestDatabase();
    cleanup.push(() => testDatabase.drop());
    const database = createDatabase({ url: testDatabase.url, schemaName: 'account', max: 2, logger });
    cleanup.push(() => database.close());
    const before = migrationsBefore('0008_workspaces');
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
    await runMigrations(database, { migrationsFolder: before, schemaName: 'account' });
    // 0008 alone: the migrations after it are their own tests' (e.g. migration-0009.test.ts).
    const through = migrationsBefore('0009_workspace_keys_webhooks');
    cleanup.push(() => rmSync(through, { recursive: true, force: true }));

    // A populated database: users, two sessions each, profiles.
    await database.sql.unsafe(`
      insert into account.user (id, name, email, email_verified)
        select 'user-' || n, 'User ' || n, 'user' || n || '@example.com', true from generate_series(1, ${USERS}) n;
      insert into account.session (id, expires_at, token, user_id)
        select 's-' || n || '-' || k, now() + interval '1 day', 't-' || n || '-' || k, 'user-' || n
        from generate_series(1, ${USERS}) n, generate_series(1, 2) k;
      insert into account.profiles (user_id, email, trial_started_at)
        select 'user-' || n, 'user' || n || '@example.com', now() from generate_series(1, ${USERS}) n;`);
    const counts = async () =>
      (
        await database.sql<{ users: number; sessions: number; profiles: number }[]>`
          select (select count(*)::int from account.user) users,
                 (select count(*)::int from account.session) sessions,
                 (select count(*)::int from account.profiles) profiles`
      )[0];
    const was = await counts();

    const started = performance.now();
    expect(
      (await runMigrations(database, { migrationsFolder: through, schemaName: 'account' })).applied,
    ).toBe(1);
    const took = performance.now() - started;

    expect(await counts()).toEqual(was);
    const [result] = await database.sql<
      { workspaces: number; personal: number; owners: number; members: number; acting: number }[]
    >`
      select (select count(*)::int from account.organization) workspaces,
             (select count(*)::int from account.organization o join account.user u on u.id = o.id
               where o.slug = u.id and o.name = u.name) personal,
             (select count(*)::int from account.member where role = 'owner' and user_id = organization_id) owners,
             (select count(*)::int from account.member) members,
             (select count(*)::int from account.session where active_organization_id = user_id) acting`;
    expect(result).toEqual({
      workspaces: USERS,
      personal: USERS,
      owners: USERS,
      members: USERS,
      acting: USERS * 2,
    });
    expect(took).toBeLessThan(30_000);
    // Applied again (a restart): nothing to do.
    expect(
      (await runMigrations(database, { migrationsFolder: through, schemaName: 'account' })).applied,
    ).toBe(0);
  });
});
