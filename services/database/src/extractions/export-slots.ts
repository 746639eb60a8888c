import { AppError, EXPORT_ALREADY_RUNNING, EXPORTS_BUSY } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { ReservedSql } from 'postgres';

export interface TExportSlotsOptions {
  /** Exports this process runs at once, each on a connection of its own taken from the pool. */
  slots: number;
  /** How long an export waits for a slot before it is refused with EXPORTS_BUSY. */
  waitMs: number;
}

/** At most a third of the pool (at least one connection), so other requests always find connections. */
export const exportSlotsFor = (poolSize: number) => Math.max(1, Math.floor(poolSize / 3));
export const EXPORT_SLOT_WAIT_MS = 15_000;

/** One running export: its own connection, holding the user's export lock until released. */
export interface TExportLease {
  readonly sql: ReservedSql;
  /** Unlocks, gives the connection back to the pool and frees the slot; later calls do nothing. */
  release(): Promise<void>;
}

export interface TExportSlots {
  /**
   * A lease for `userId`'s export, or an AppError: RATE_LIMITED EXPORT_ALREADY_RUNNING when the user
   * has one running (in any process of the service), EXPORTS_BUSY when no slot freed up in time or the
   * caller went away (`signal`).
   */
  open(userId: string, signal?: AbortSignal): Promise<TExportLease>;
}

/**
 * Exports read many rows and hold a connection as long as their client downloads, so they are bounded
 * twice. Per user: one at a time, across every process of the service, by a PostgreSQL advisory lock
 * held on the export's connection (a crashed process's connection closes and the lock goes with it);
 * a second export in the same process is refused before it takes anything. Per process: `slots`
 * exports at once, first come first served, so exports can hold at most that many of the pool's
 * connections and every other request still finds one.
 */
export function createExportSlots(database: TDatabase, options: TExportSlotsOptions): TExportSlots {
  const exporting = new Set<string>();
  let free = options.slots;
  const waiting: Array<() => void> = [];

  const freeSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };

  function takeSlot(signal: AbortSignal | undefined): Promise<void> {
    if (free > 0 && waiting.length === 0) {
      free -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const give = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve();
      };
      const giveUp = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        const index = waiting.indexOf(give);
        if (index >= 0) waiting.splice(index, 1);
        reject(new AppError('RATE_LIMITED', EXPORTS_BUSY));
      };
      const timer = setTimeout(giveUp, options.waitMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      waiting.push(give);
    });
  }

  /** The user's export lock on `sql`'s session; false when another session holds it. */
  const tryLock = async (sql: ReservedSql, userId: string) => {
    const [row] = await sql<Array<{ locked: boolean }>>`
      select pg_try_advisory_lock(hashtext('prospector.database.export'), hashtext(${userId})) as locked`;
    return row?.locked === true;
  };
  const unlock = (sql: ReservedSql, userId: string) =>
    sql`select pg_advisory_unlock(hashtext('prospector.database.export'), hashtext(${userId}))`;

  return {
    async open(userId, signal) {
      if (exporting.has(userId)) throw new AppError('RATE_LIMITED', EXPORT_ALREADY_RUNNING);
      exporting.add(userId);
      let sql: ReservedSql | undefined;
      let locked = false;
      try {
        await takeSlot(signal);
        try {
          sql = await database.sql.reserve();
          locked = await tryLock(sql, userId);
        } catch (error) {
          sql?.release();
          freeSlot();
          throw error;
        }
      } catch (error) {
        exporting.delete(userId);
        throw error;
      }
      const reserved = sql;
      const done = async () => {
        try {
          // A failed unlock means a broken connection, whose session (and lock) ends with it.
          if (locked) await unlock(reserved, userId).catch(() => {});
        } finally {
          reserved.release();
          freeSlot();
          exporting.delete(userId);
        }
      };
      if (!locked) {
        await done();
        throw new AppError('RATE_LIMITED', EXPORT_ALREADY_RUNNING);
      }
      let released: Promise<void> | undefined;
      return {
        sql: reserved,
        release: () => {
          released ??= done();
          return released;
        },
      };
    },
  };
}
