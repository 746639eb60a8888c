import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readEmbeddedPostgresUrl,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from './start-embedded-postgres.ts';

async function query<T extends Record<string, unknown>>(
  url: string,
  run: (sql: postgres.Sql) => Promise<T[]>,
): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe('startEmbeddedPostgres', () => {
  const running: TEmbeddedPostgres[] = [];
  const dirs: string[] = [];

  function createDataDir(): string {
    const parent = mkdtempSync(join(tmpdir(), 'prospector-embedded-'));
    // mkdtemp makes the folder private; when run as root the server's own user must reach inside it.
    chmodSync(parent, 0o755);
    const dir = join(parent, 'cluster');
    dirs.push(dir);
    return dir;
  }

  async function start(dataDir: string): Promise<TEmbeddedPostgres> {
    const server = await startEmbeddedPostgres({ dataDir });
    running.push(server);
    return server;
  }

  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('keeps data across a stop and a second start on the same directory', async () => {
    const dataDir = createDataDir();
    const first = await start(dataDir);
    await query(first.url, (sql) => sql`create table kept (id int primary key, label text)`);
    await query(first.url, (sql) => sql`insert into kept values (1, 'survives restarts')`);
    await first.stop();

    const second = await start(dataDir);
    const rows = await query(second.url, (sql) => sql`select id, label from kept`);

    expect(rows).toEqual([{ id: 1, label: 'survives restarts' }]);
  });

  it('refuses a directory that a running server holds, in one clear line', async () => {
    const dataDir = createDataDir();
    await start(dataDir);

    const attempt = startEmbeddedPostgres({ dataDir });

    await expect(attempt).rejects.toThrow(
      /^embedded PostgreSQL data directory .* is locked by a running postmaster \(pid \d+\)/,
    );
    await expect(attempt).rejects.toThrow(/^[^\n]+$/);
  });

  it('listens on loopback only and requires the generated password', async () => {
    const server = await start(createDataDir());
    const rows = await query(server.url, (sql) => sql`select current_setting('listen_addresses') as listen`);
    expect(rows).toEqual([{ listen: '127.0.0.1' }]);

    const withoutPassword = new URL(server.url);
    withoutPassword.password = '';
    await expect(query(withoutPassword.toString(), (sql) => sql`select 1`)).rejects.toThrow(/password/i);
  });

  it("gives another process the running server's URL from its directory, and none once it stopped", async () => {
    const dataDir = createDataDir();
    const server = await start(dataDir);

    const url = await readEmbeddedPostgresUrl(dataDir);

    expect(url).toBe(server.url);
    expect(await query(url, (sql) => sql`select 1 as one`)).toEqual([{ one: 1 }]);
    await server.stop();
    await expect(readEmbeddedPostgresUrl(dataDir)).rejects.toThrow(
      /^no embedded PostgreSQL is running from /,
    );
  });
});
