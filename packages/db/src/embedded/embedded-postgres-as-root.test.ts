import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { canTraverse, directoryChain, runtimeCopyOfLibrary } from './embedded-postgres-as-root.ts';
import { startEmbeddedPostgres } from './start-embedded-postgres.ts';

const ROOT = 0;
const postgresUser = { uid: 101, gid: 104 };
const dir = (uid: number, gid: number, mode: number) => ({ uid, gid, mode });

describe('canTraverse', () => {
  it("stops another user at root's 0700 home, as it stops the postgres user there", () => {
    const home = [dir(ROOT, ROOT, 0o755), dir(ROOT, ROOT, 0o700), dir(ROOT, ROOT, 0o755)];
    expect(canTraverse(home, postgresUser)).toBe(false);
    expect(canTraverse(home, undefined)).toBe(false);
    expect(canTraverse([dir(ROOT, ROOT, 0o755), dir(ROOT, ROOT, 0o711)], postgresUser)).toBe(true);
  });

  it("reads the owner's bits for the owner, the group's for the group, the others' for the rest", () => {
    expect(canTraverse([dir(101, ROOT, 0o700)], postgresUser)).toBe(true);
    expect(canTraverse([dir(101, ROOT, 0o077)], postgresUser)).toBe(false);
    expect(canTraverse([dir(ROOT, 104, 0o750)], postgresUser)).toBe(true);
    expect(canTraverse([dir(ROOT, 104, 0o705)], postgresUser)).toBe(false);
    // A user not created yet owns nothing and is in no group.
    expect(canTraverse([dir(ROOT, 104, 0o751)], undefined)).toBe(true);
    expect(canTraverse([dir(ROOT, 104, 0o750)], undefined)).toBe(false);
  });
});

describe('directoryChain', () => {
  it('lists every directory from / down to the path', () => {
    expect(directoryChain('/root/probe/.data')).toEqual(['/', '/root', '/root/probe', '/root/probe/.data']);
    expect(directoryChain('/')).toEqual(['/']);
  });
});

// What only root can do: run PostgreSQL as the postgres user from a directory that user cannot enter.
describe.runIf(process.getuid?.() === ROOT)('as root, from a 0700 directory', () => {
  const cleanup: string[] = [];
  afterEach(() => {
    for (const path of cleanup.splice(0)) rmSync(path, { recursive: true, force: true });
  });
  const privateDir = () => {
    const path = mkdtempSync(join(tmpdir(), 'prospector-root-home-'));
    chmodSync(path, 0o700);
    cleanup.push(path);
    return path;
  };
  const runtimeDir = () => {
    const path = mkdtempSync(join(tmpdir(), 'prospector-root-runtime-'));
    chmodSync(path, 0o755);
    cleanup.push(path);
    return path;
  };

  it('keeps the cluster where the postgres user reaches it, linked from the data directory, across restarts', async () => {
    const dataDir = join(privateDir(), '.data', 'postgres');
    const rootRuntimeDir = runtimeDir();
    const first = await startEmbeddedPostgres({ dataDir, rootRuntimeDir });
    try {
      const sql = postgres(first.url, { max: 1, onnotice: () => {} });
      await sql`create table kept (label text)`;
      await sql`insert into kept values ('survives restarts')`;
      await sql.end();
    } finally {
      await first.stop();
    }
    expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
    expect(realpathSync(dataDir).startsWith(join(rootRuntimeDir, 'data'))).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir, rootRuntimeDir });
    try {
      const sql = postgres(second.url, { max: 1, onnotice: () => {} });
      expect(await sql`select label from kept`).toEqual([{ label: 'survives restarts' }]);
      await sql.end();
    } finally {
      await second.stop();
    }
  });

  it('copies the library and its binaries where the postgres user can run them, once', async () => {
    const rootRuntimeDir = runtimeDir();
    const entry = await runtimeCopyOfLibrary(rootRuntimeDir);
    expect(await runtimeCopyOfLibrary(rootRuntimeDir)).toBe(entry);
    const platform = `${process.platform}-${process.arch}`;
    // The copy's own binaries package, the one its embedded-postgres imports.
    const modules = dirname(dirname(dirname(entry)));
    const binaries = (await import(
      pathToFileURL(join(modules, '@embedded-postgres', platform, 'dist', 'index.js')).href
    )) as { initdb: string };
    expect(binaries.initdb.startsWith(rootRuntimeDir)).toBe(true);
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const run = spawnSync(binaries.initdb, ['--version'], { uid: id('-u'), gid: id('-g'), encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    expect(run.stdout).toMatch(/^initdb \(PostgreSQL\) \d+/);
  });

  it('fails in one line naming the cause and the fix when it cannot arrange that', async () => {
    const notADirectory = join(privateDir(), 'file');
    writeFileSync(notADirectory, '');
    const attempt = startEmbeddedPostgres({
      dataDir: join(privateDir(), '.data', 'postgres'),
      rootRuntimeDir: join(notADirectory, 'runtime'),
    });
    await expect(attempt).rejects.toThrow(/^embedded PostgreSQL cannot run as root here .*set DATABASE_URL/);
    await expect(attempt).rejects.toThrow(/^[^\n]+$/);
  });
});
