import { type TEventEnvelope, ZEventEnvelopeSchema } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { describeOutboxTable, type TOutboxTable } from './outbox-table.ts';

/** A drizzle transaction (or database) of any schema: all `enqueueEvent` needs is insert and execute. */
export type TOutboxWriter = Pick<PgDatabase<PgQueryResultHKT, Record<string, unknown>>, 'insert' | 'execute'>;

/**
 * Records `event` in the outbox as part of the caller's transaction, so the event exists exactly when
 * the state change it describes commits (docs/architecture.md §5):
 *
 *   await database.db.transaction(async (tx) => {
 *     await tx.insert(creditTransactions).values(row);
 *     await enqueueEvent(tx, outbox, createEvent('credits.granted', userId, data));
 *   });
 *
 * PostgreSQL delivers the NOTIFY only on commit and drops it on rollback, which is what wakes the relay
 * without waiting for its next poll.
 */
export async function enqueueEvent(
  tx: TOutboxWriter,
  outbox: TOutboxTable,
  event: TEventEnvelope,
): Promise<void> {
  await enqueueEvents(tx, outbox, [event]);
}

/** `enqueueEvent` for several events at once: one insert and one NOTIFY, whatever their number. */
export async function enqueueEvents(
  tx: TOutboxWriter,
  outbox: TOutboxTable,
  events: TEventEnvelope[],
): Promise<void> {
  if (events.length === 0) return;
  // Reject a malformed envelope here, where the caller can still roll back, not later in the relay.
  const envelopes = events.map((event) => ZEventEnvelopeSchema.parse(event) as TEventEnvelope);
  await tx
    .insert(outbox)
    .values(envelopes.map((envelope) => ({ id: envelope.id, type: envelope.type, payload: envelope })));
  await tx.execute(sql`select pg_notify(${describeOutboxTable(outbox).channel}, '')`);
}

/**
 * An erased user's events leave the outbox once published (an unpublished one is still owed to its
 * consumers). Throws `UserEventsPendingError` while any is unpublished, so an erasure consumer that
 * calls it last is redelivered and tries again after the relay has sent them.
 */
export async function eraseUserEvents(
  db: Pick<PgDatabase<PgQueryResultHKT, Record<string, unknown>>, 'execute'>,
  outbox: TOutboxTable,
  userId: string,
): Promise<void> {
  const { schema, table } = describeOutboxTable(outbox);
  const target = sql.raw(`"${schema}"."${table}"`);
  await db.execute(
    sql`delete from ${target} where published_at is not null and payload->>'userId' = ${userId}`,
  );
  const [row] = (await db.execute(
    sql`select count(*)::int as pending from ${target} where payload->>'userId' = ${userId}`,
  )) as unknown as Array<{ pending: number }>;
  const pending = row?.pending ?? 0;
  if (pending > 0) throw new UserEventsPendingError(pending);
}

/** Thrown by an erasure that found the user's events still unpublished: it is redelivered later. */
export class UserEventsPendingError extends Error {
  constructor(pending: number) {
    super(`${pending} event(s) of an erased user are not yet published; erasing them later`);
    this.name = 'UserEventsPendingError';
  }
}
