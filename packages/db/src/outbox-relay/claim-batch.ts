import type { TEventEnvelope } from '@prospector/contracts';
import type { TransactionSql } from 'postgres';
import type { TRelayContext } from './relay-context.ts';

export interface TOutboxRow {
  id: string;
  payload: TEventEnvelope;
}

export type TRelayTx = TransactionSql;

/**
 * Takes the table's advisory lock and claims the oldest unpublished rows, in `seq` order, with FOR
 * UPDATE SKIP LOCKED; undefined when another relay holds the lock (it will publish these rows).
 */
export async function claimBatch(ctx: TRelayContext, tx: TRelayTx): Promise<TOutboxRow[] | undefined> {
  const [lock] = await tx<{ acquired: boolean }[]>`
    select pg_try_advisory_xact_lock(hashtext(${ctx.lockName})) as acquired`;
  if (!lock?.acquired) return undefined;
  return tx<TOutboxRow[]>`
    select id, payload from ${ctx.tableSql}
    where published_at is null
    order by seq
    limit ${ctx.batchSize}
    for update skip locked`;
}
