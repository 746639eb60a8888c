import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TEventData } from '@prospector/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type PgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { TOutboxWriter } from './enqueue-event.ts';

/**
 * The suppression list of a service that hears the opt-out events, in its own schema: keyed hashes only.
 * `expiresAt` is set while the request is unconfirmed (`optouts.recorded`: it blocks until then) and
 * null once the owner confirmed (`optouts.confirmed`: for good).
 */
export function createOptOutsTable<TSchemaName extends string>(schema: PgSchema<TSchemaName>) {
  return schema.table('opt_outs', {
    usernameKey: text('username_key').primaryKey(),
    emailKey: text('email_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  });
}

type TOptOutsTable = ReturnType<typeof createOptOutsTable>;

/** The rows of the list that block now: confirmed ones, and unconfirmed ones not yet lapsed. */
export const optOutInForce = (table: TOptOutsTable): SQL =>
  sql`(${table.expiresAt} is null or ${table.expiresAt} > now())`;

/** Hands every event of `type` on the OPTOUTS stream to `apply`, under the service's own durable consumer. */
export function consumeOptOutEvents<TType extends 'optouts.recorded' | 'optouts.confirmed'>(
  bus: TEventBus,
  durable: string,
  type: TType,
  apply: (optOut: TEventData<TType>) => Promise<unknown>,
): Promise<TSubscription> {
  return bus.consume({ durable, stream: 'OPTOUTS', filterSubjects: [type] }, async ({ event }) => {
    await apply(event.data as TEventData<TType>);
  });
}

/**
 * Keeps an opt-out's hashes. A confirmed one (no `expiresAt`) holds for good and keeps the e-mail hash it
 * confirmed (or, without one, the one it had if that was already confirmed); an unconfirmed one blocks
 * until `expiresAt`, a later request moving the end out, and never weakens a confirmed row.
 */
export async function rememberOptOut(
  db: Pick<TOutboxWriter, 'insert'>,
  table: TOptOutsTable,
  { usernameKey, emailKey, expiresAt }: { usernameKey: string; emailKey: string | null; expiresAt?: string },
): Promise<void> {
  if (expiresAt === undefined) {
    await db
      .insert(table)
      .values({ usernameKey, emailKey, expiresAt: null })
      .onConflictDoUpdate({
        target: table.usernameKey,
        set: {
          emailKey: sql`coalesce(excluded.email_key, case when ${table.expiresAt} is null then ${table.emailKey} end)`,
          expiresAt: sql`null`,
        },
      });
    return;
  }
  await db
    .insert(table)
    .values({ usernameKey, emailKey, expiresAt: new Date(expiresAt) })
    .onConflictDoUpdate({
      target: table.usernameKey,
      set: {
        emailKey: sql`case when ${table.expiresAt} is null then ${table.emailKey} else coalesce(excluded.email_key, ${table.emailKey}) end`,
        expiresAt: sql`case when ${table.expiresAt} is null then null else greatest(${table.expiresAt}, excluded.expires_at) end`,
      },
    });
}
