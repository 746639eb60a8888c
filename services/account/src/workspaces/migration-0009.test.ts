import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const USERS = 300;

/** The committed migrations up to (not including) `tag`: the database as it was before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'account-migrations-'));
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

describe('migration 0009: API keys and webhooks belong to the workspace (owner_key = user_id)', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('keeps every key, endpoint and delivery, each owned by its user’s personal workspace', async () => {
    const logger = createLogger({ test: 'migration-0009' }, 'silent');
    const testDatabase = await createTestDatabase();
    cleanup.push(() => testDatabase.drop());
    const database = createDatabase({ url: testDatabase.url, schemaName: 'account', max: 2, logger });
    cleanup.push(() => database.close());
    const before = migrationsBefore('0009_workspace_keys_webhooks');
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
    await runMigrations(database, { migrationsFolder: before, schemaName: 'account' });

    // A populated database after 0008: users with their workspaces, two keys each, an endpoint and three
    // deliveries each; the last user predates 0008's workspaces somehow (none of their own).
    await database.sql.unsafe(`
      insert into account.user (id, name, email, email_verified)
        select 'user-' || n, 'User ' || n, 'user' || n || '@example.com', true from generate_series(1, ${USERS}) n;
      insert into account.organization (id, name, slug)
        select 'user-' || n, 'User ' || n, 'user-' || n from generate_series(1, ${USERS - 1}) n;
      insert into account.member (id, organization_id, user_id, role)
        select 'user-' || n, 'user-' || n, 'user-' || n, 'owner' from generate_series(1, ${USERS - 1}) n;
      insert into account.api_keys (user_id, name, start, secret_hash)
        select 'user-' || n, 'key ' || k, 'pk_' || n, md5(n || '-' || k)
        from generate_series(1, ${USERS}) n, generate_series(1, 2) k;
      insert into account.webhook_endpoints (user_id, url, secret)
        select 'user-' || n, 'https://hooks.example.com/' || n, 'whsec_x' from generate_series(1, ${USERS}) n;
      insert into account.webhook_deliveries (user_id, event_type, source_event_id, payload, next_attempt_at)
        select 'user-' || n, 'run.completed', gen_random_uuid(), '{}'::jsonb, now()
        from generate_series(1, ${USERS}) n, generate_series(1, 3) k;`);
    const counts = async () =>
      (
        await database.sql<{ keys: number; endpoints: number; deliveries: number; users: number }[]>`
          select (select count(*)::int from account.api_keys) keys,
                 (select count(*)::int from account.webhook_endpoints) endpoints,
                 (select count(*)::int from account.webhook_deliveries) deliveries,
                 (select count(*)::int from account.user) users`
      )[0];
    const was = await counts();
    expect(was).toEqual({ keys: USERS * 2, endpoints: USERS, deliveries: USERS * 3, users: USERS });

    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS, schemaName: 'account' })).applied,
    ).toBe(1);

    expect(await counts()).toEqual(was);
    const [owned] = await database.sql<{ keys: number; endpoints: number; deliveries: number }[]>`
      select (select count(*)::int from account.api_keys where owner_key = user_id) keys,
             (select count(*)::int from account.webhook_endpoints where owner_key = user_id) endpoints,
             (select count(*)::int from account.webhook_deliveries where owner_key = user_id) deliveries`;
    expect(owned).toEqual({ keys: USERS * 2, endpoints: USERS, deliveries: USERS * 3 });
    // The user without a workspace got one (with them as owner), so their key still works.
    const [last] = await database.sql<{ workspaces: number; owners: number }[]>`
      select (select count(*)::int from account.organization where id = ${`user-${USERS}`}) workspaces,
             (select count(*)::int from account.member where organization_id = ${`user-${USERS}`}
                and user_id = ${`user-${USERS}`} and role = 'owner') owners`;
    expect(last).toEqual({ workspaces: 1, owners: 1 });
    // One endpoint per workspace now.
    await expect(
      database.sql`insert into account.webhook_endpoints (owner_key, user_id, url, secret)
                   values ('user-1', 'user-2', 'https://x.example.com', 'whsec_y')`,
    ).rejects.toThrow(/duplicate key/);
    // Applied again (a restart): nothing to do.
    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS, schemaName: 'account' })).applied,
    ).toBe(0);
  });
});
