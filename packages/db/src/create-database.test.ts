import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabase } from './create-database.ts';
import { createTestDatabase, type TTestDatabase } from './testing.ts';

describe('createDatabase', () => {
  let testDatabase: TTestDatabase;
  let database: TDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'sample', max: 2 });
  });

  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
  });

  it('answers ping with true while the server is reachable', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('names the connection after the service and puts its schema first on the search path', async () => {
    const [row] = await database.sql<{ application_name: string; search_path: string }[]>`
      select current_setting('application_name') as application_name,
             current_setting('search_path') as search_path`;
    expect(row).toEqual({ application_name: 'prospector-sample', search_path: '"sample",public' });
  });

  it("counts the pool's connections by state for metrics, not the one asking", async () => {
    const sleeping = database.sql`select pg_sleep(1)`.execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const states = await database.connectionsByState();
    expect(states).toContainEqual({ state: 'active', count: 1 });
    expect(database.poolSize).toBe(2);
    await sleeping;
  });

  it('runs drizzle queries over the same pool', async () => {
    const result = await database.db.execute<{ answer: number }>('select 41 + 1 as answer');
    expect(result[0]?.answer).toBe(42);
  });

  it('answers ping with false instead of throwing when nothing listens at the address', async () => {
    const unreachable = createDatabase({
      url: 'postgres://postgres@127.0.0.1:1/nowhere',
      schemaName: 'sample',
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      expect(await unreachable.ping(1_000)).toBe(false);
    } finally {
      await unreachable.close();
    }
  });
});
