import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { createDatabase, type TCreateDatabaseOptions, type TDatabase } from './create-database.ts';
import {
  readRunningPostmasterPid,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from './embedded/start-embedded-postgres.ts';
import { runMigrations } from './run-migrations.ts';

export { readEmbeddedPostgresUrl } from './embedded/start-embedded-postgres.ts';

export interface TTestDatabase {
  /** URL of a database created for this caller alone. */
  readonly url: string;
  readonly name: string;
  /** Drops the database, disconnecting anyone still connected. */
  drop(): Promise<void>;
}

interface TSharedServer {
  url: string;
  server: TEmbeddedPostgres;
}

// On globalThis so test files that share a worker process also share one server.
const SHARED_KEY = Symbol.for('prospector.db.testing.embedded-postgres');
type TGlobalWithServer = typeof globalThis & { [SHARED_KEY]?: Promise<TSharedServer> };

/** A service's schema and its committed migrations, as `runMigrations` takes them. */
export interface TTestSchema {
  schemaName: string;
  migrationsFolder: string;
}

/**
 * A brand-new, uniquely named database, so a test never sees rows another test left behind.
 * It lives on the server at DATABASE_URL (CI, a local server); without it, on one embedded PostgreSQL
 * started for this test process in a temporary directory and removed when the process exits.
 * `name` is for a caller that must tell another process which database it is (the e2e servers).
 * `migrated` gives it those schemas already migrated: it is cloned from a template database that was
 * migrated once (see `migratedTemplate`), which is much faster than migrating every test's database,
 * and `runMigrations` on it then finds nothing to do.
 */
export async function createTestDatabase({
  name = uniqueName(),
  migrated,
}: {
  name?: string;
  migrated?: readonly TTestSchema[];
} = {}): Promise<TTestDatabase> {
  // The one process.env read in this package: test infrastructure has no per-deployable env.ts.
  const serverUrl = process.env.DATABASE_URL || (await startSharedServer()).url;
  if (migrated?.length) {
    const template = await migratedTemplate(serverUrl, migrated);
    await runAdminStatement(serverUrl, (sql) => sql`create database ${sql(name)} template ${sql(template)}`);
  } else {
    await runAdminStatement(serverUrl, (sql) => sql`create database ${sql(name)}`);
  }

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return {
    url: url.toString(),
    name,
    drop() {
      dropping ??= runAdminStatement(
        serverUrl,
        (sql) => sql`drop database if exists ${sql(name)} with (force)`,
      );
      return dropping;
    },
  };
}

/**
 * For a test of one service's own tables: a brand-new database (see `createTestDatabase`) with
 * `schema`'s migrations run on it, and a client on that schema (two connections unless `max` says
 * otherwise) whose `close()` also drops the database.
 */
export async function createMigratedTestDatabase(
  schema: TTestSchema,
  { max = 2, logger }: Pick<TCreateDatabaseOptions<Record<string, never>>, 'max' | 'logger'> = {},
): Promise<TDatabase> {
  const testDatabase = await createTestDatabase();
  const database = createDatabase({ url: testDatabase.url, schemaName: schema.schemaName, max, logger });
  const close = async () => {
    await database.close();
    await testDatabase.drop();
  };
  await runMigrations(database, schema).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { ...database, close };
}

// On globalThis like the server: one check or build per template per process.
const TEMPLATES_KEY = Symbol.for('prospector.db.testing.templates');
type TGlobalWithTemplates = typeof globalThis & { [TEMPLATES_KEY]?: Map<string, Promise<string>> };

/**
 * The name of a database holding `schemas` fully migrated, built on first use and then shared by every
 * test process on the server (and later runs): its name carries a hash of the schemas and of every
 * migration file, so a changed or added migration gets a new template and an old one is never used.
 * Built under another name and renamed when done, behind an advisory lock, so a process never clones
 * a half-migrated template; it refuses connections, since PostgreSQL copies a database only when no
 * one is connected to it. Templates of migrations no longer in the code stay until dropped by hand
 * (`select datname from pg_database where datname like 'prospector_tpl_%'`).
 */
export function migratedTemplate(serverUrl: string, schemas: readonly TTestSchema[]): Promise<string> {
  const digest = createHash('sha256');
  for (const { schemaName, migrationsFolder } of [...schemas].sort((a, b) =>
    a.schemaName.localeCompare(b.schemaName),
  )) {
    digest.update(`${schemaName}\n`);
    for (const migration of readMigrationFiles({ migrationsFolder })) {
      digest.update(`${migration.folderMillis}:${migration.hash}\n`);
    }
  }
  const name = `prospector_tpl_${digest.digest('hex').slice(0, 24)}`;
  const holder = globalThis as TGlobalWithTemplates;
  holder[TEMPLATES_KEY] ??= new Map();
  const templates = holder[TEMPLATES_KEY];
  const key = `${serverUrl} ${name}`;
  let template = templates.get(key);
  if (!template) {
    template = buildTemplate(serverUrl, name, schemas).then(() => name);
    // A failed build is tried again by the next caller rather than failing every later test.
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

async function buildTemplate(serverUrl: string, name: string, schemas: readonly TTestSchema[]) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.begin(async (tx) => {
      // Held until the template exists, so processes starting together build it once.
      await tx`select pg_advisory_xact_lock(hashtext(${`prospector:test-template:${name}`}))`;
      const [exists] = await tx`select 1 from pg_database where datname = ${name}`;
      if (exists) return;
      const building = `${name}_building`;
      // CREATE DATABASE cannot run inside a transaction: these go through their own connection.
      await runAdminStatement(serverUrl, (sql) => sql`drop database if exists ${sql(building)} with (force)`);
      await runAdminStatement(serverUrl, (sql) => sql`create database ${sql(building)}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      for (const { schemaName, migrationsFolder } of schemas) {
        const database = createDatabase({ url: url.toString(), schemaName, max: 1 });
        try {
          await runMigrations(database, { migrationsFolder, schemaName });
        } finally {
          await database.close();
        }
      }
      await runAdminStatement(serverUrl, async (sql) => {
        await sql`alter database ${sql(building)} rename to ${sql(name)}`;
        await sql`alter database ${sql(name)} with allow_connections false`;
      });
    });
  } finally {
    await admin.end({ timeout: 5 });
  }
}

const uniqueName = () => `prospector_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

async function runAdminStatement(
  serverUrl: string,
  statement: (sql: postgres.Sql) => PromiseLike<unknown>,
): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await statement(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function startSharedServer(): Promise<TSharedServer> {
  const holder = globalThis as TGlobalWithServer;
  holder[SHARED_KEY] ??= (async () => {
    const parent = mkdtempSync(join(tmpdir(), 'prospector-test-pg-'));
    // mkdtemp makes the folder private; when run as root the server's own user must reach inside it.
    chmodSync(parent, 0o755);
    process.once('exit', () => removeServerSync(parent));
    const server = await startEmbeddedPostgres({ dataDir: join(parent, 'cluster') });
    return { url: server.url, server };
  })();
  return holder[SHARED_KEY];
}

/**
 * Runs from the process 'exit' event, where nothing asynchronous completes: ask the postmaster for an
 * immediate shutdown, wait for it to go, then delete its directory.
 */
function removeServerSync(parent: string): void {
  const dataDir = join(parent, 'cluster');
  const pid = readRunningPostmasterPid(dataDir);
  if (pid !== undefined) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // Already gone.
    }
    const deadline = Date.now() + 5_000;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (readRunningPostmasterPid(dataDir) !== undefined && Date.now() < deadline) {
      Atomics.wait(pause, 0, 0, 20);
    }
  }
  rmSync(parent, { recursive: true, force: true });
}

export interface THeldLock {
  /** Waits until some statement waits on this lock (blocked by this transaction). */
  waitUntilBlocking(timeoutMs?: number): Promise<void>;
  /**
   * Ends the statements waiting on this lock, as PostgreSQL would for a client that died (SIGKILL)
   * while its statement waited: a waiting backend notices its client is gone only once it can run
   * again, and would then finish that one statement.
   */
  endWaiting(): Promise<void>;
  /** Commits, letting whatever waits on the lock go on. */
  release(): Promise<void>;
}

/**
 * For tests that stop another process at a chosen point of its work: takes the lock `statement` takes,
 * in a transaction of its own, and keeps it until `release()`.
 */
export async function holdLock(
  sql: postgres.Sql,
  statement: (tx: postgres.Sql) => PromiseLike<unknown>,
): Promise<THeldLock> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: (pid: number) => void = () => {};
  const isLocked = new Promise<number>((resolve) => {
    locked = resolve;
  });
  const done = sql.begin(async (tx) => {
    await statement(tx as unknown as postgres.Sql);
    const [row] = await tx<Array<{ pid: number }>>`select pg_backend_pid() as pid`;
    locked(row?.pid as number);
    await released;
  });
  const pid = await Promise.race([isLocked, done.then(() => 0)]);
  const waiting = async () => {
    const [row] = await sql<Array<{ waiting: number }>>`
      select count(*)::int as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`;
    return row?.waiting ?? 0;
  };
  return {
    async waitUntilBlocking(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await waiting()) === 0) {
        if (Date.now() > deadline) throw new Error(`No statement waited on the lock within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async endWaiting() {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`;
    },
    async release() {
      release();
      await done;
    },
  };
}
