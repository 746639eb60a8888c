import type { TEventBus } from '@prospector/bus';
import { eraseUserEvents, recordAudit, type TDatabase } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { auditTrail, extractions, leadLists, optOutRemovals, outbox } from '../db/schema.ts';

/**
 * `accounts.erased`: the user's saved extractions, lead lists and opt-out count go with their account, and
 * so do the events already published about them. Idempotent by nature.
 */
export function consumeAccountErasures(database: TDatabase, bus: TEventBus) {
  return bus.consume(
    { durable: 'database-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      const userId = event.userId;
      if (!userId) return;
      await database.db.transaction(async (tx) => {
        // The lists first (their members cascade), then the records.
        await tx.delete(leadLists).where(eq(leadLists.userId, userId));
        const removed = await tx
          .delete(extractions)
          .where(eq(extractions.userId, userId))
          .returning({ id: extractions.id });
        await tx.delete(optOutRemovals).where(eq(optOutRemovals.userId, userId));
        await recordAudit(tx, auditTrail, {
          action: 'erasure',
          scope: 'saved records',
          records: removed.length,
        });
      });
      await eraseUserEvents(database.db, outbox, userId);
    },
  );
}
