import type { TEventBus } from '@prospector/bus';
import type { TDatabase } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/** `accounts.erased`: the user's saved extractions go with their account. Idempotent by nature. */
export function consumeAccountErasures(database: TDatabase, bus: TEventBus) {
  return bus.consume(
    { durable: 'database-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      if (event.userId) await database.db.delete(extractions).where(eq(extractions.userId, event.userId));
    },
  );
}
