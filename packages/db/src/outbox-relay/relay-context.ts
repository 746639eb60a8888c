import type { TBusLogger, TEventBus } from '@prospector/bus';
import type { TDatabase } from '../create-database.ts';
import { describeOutboxTable, type TOutboxTable } from '../outbox-table.ts';

export interface TStartOutboxRelayOptions {
  database: Pick<TDatabase, 'sql' | 'logger'>;
  outbox: TOutboxTable;
  bus: Pick<TEventBus, 'publish'>;
  logger?: TBusLogger;
  /** Safety-net poll for when a NOTIFY is missed (listener reconnecting, another writer). Default 1 s. */
  pollIntervalMs?: number;
  /** Rows claimed per transaction. Default 100. */
  batchSize?: number;
  /** First retry delay after a failed publish; doubles per consecutive failure. Default 250 ms. */
  retryBaseMs?: number;
  /** Ceiling for the retry delay. Default 30 s. */
  retryMaxMs?: number;
  /** Published rows are deleted once this old (they are kept a while to look into). Default 24 h. */
  keepPublishedMs?: number;
  /** How often published rows past `keepPublishedMs` are looked for (and once at start). Default 10 min. */
  pruneIntervalMs?: number;
}

/** What every piece of the relay reads: the table, its lock and channel, the bus and the settings. */
export function createRelayContext(options: TStartOutboxRelayOptions) {
  const { sql } = options.database;
  const target = describeOutboxTable(options.outbox);
  const outboxName = `${target.schema}.${target.table}`;
  return {
    sql,
    bus: options.bus,
    logger: options.logger ?? options.database.logger,
    /** `schema.table`, for log lines. */
    outboxName,
    /** An identifier object (not a query fragment), so every batch's queries can reuse it. */
    tableSql: sql(outboxName),
    lockName: `prospector:outbox:${outboxName}`,
    channel: target.channel,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    batchSize: options.batchSize ?? 100,
    retryBaseMs: options.retryBaseMs ?? 250,
    retryMaxMs: options.retryMaxMs ?? 30_000,
    keepPublishedMs: options.keepPublishedMs ?? 24 * 3_600_000,
    pruneIntervalMs: options.pruneIntervalMs ?? 10 * 60_000,
  };
}
export type TRelayContext = ReturnType<typeof createRelayContext>;
