import type { TEventBus, TSubscription } from '@prospector/bus';
import type { TEventData } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import { type PgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { TOutboxWriter } from './enqueue-event.ts';

/** The suppression list of a service that hears `optouts.recorded`, in its own schema: keyed hashes only. */
export function createOptOutsTable<TSchemaName extends string>(schema: PgSchema<TSchemaName>) {
  return schema.table('opt_outs', {
    usernameKey: text('username_key').primaryKey(),
    emailKey: text('email_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  });
}

/** Hands every `optouts.recorded` to `apply`, under the service's own durable consumer. */
export function consumeOptOutsRecorded(
  bus: TEventBus,
  durable: string,
  apply: (optOut: TEventData<'optouts.recorded'>) => Promise<unknown>,
): Promise<TSubscription> {
  return bus.consume(
    { durable, stream: 'OPTOUTS', filterSubjects: ['optouts.recorded'] },
    async ({ event }) => {
      await apply(event.data);
    },
  );
}

/** Keeps an opt-out's hashes; a later one for the same account may add the e-mail's, never drop it. */
export async function rememberOptOut(
  db: Pick<TOutboxWriter, 'insert'>,
  table: ReturnType<typeof createOptOutsTable>,
  { usernameKey, emailKey }: TEventData<'optouts.recorded'>,
): Promise<void> {
  await db
    .insert(table)
    .values({ usernameKey, emailKey })
    .onConflictDoUpdate({
      target: table.usernameKey,
      set: { emailKey: sql`coalesce(excluded.email_key, ${table.emailKey})` },
    });
}
