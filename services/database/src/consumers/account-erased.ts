import type { TEventBus } from '@prospector/bus';
import { eraseUserEvents, recordAudit, type TDatabase } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { auditTrail, extractions, leadLists, optOutRemovals, outbox } from '../db/schema.ts';

/**
 * `accounts.erased`: the user's personal workspace (its id is theirs, docs/architecture.md §17) goes with
 * their account: its saved extractions, lead lists and opt-out count, whoever made them, and the events
 * already published about them. In every other workspace the records and lists they made stay (they are
 * the workspace's) but no longer name them: their member id is cleared (null, "a former member").
 * Idempotent by nature.
 */
export function consumeAccountErasures(database: TDatabase, bus: TEventBus) {
  return bus.consume(
    { durable: 'database-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      const userId = event.userId;
      if (!userId) return;
      await database.db.transaction(async (tx) => {
        // The lists first (their members cascade), then the records.
        await tx.delete(leadLists).where(eq(leadLists.ownerKey, userId));
        const removed = await tx
          .delete(extractions)
          .where(eq(extractions.ownerKey, userId))
          .returning({ id: extractions.id });
        await tx.delete(optOutRemovals).where(eq(optOutRemovals.ownerKey, userId));
        const cleared = await tx
          .update(extractions)
          .set({ userId: null })
          .where(eq(extractions.userId, userId))
          .returning({ id: extractions.id });
        await tx.update(leadLists).set({ userId: null }).where(eq(leadLists.userId, userId));
        await recordAudit(tx, auditTrail, {
          action: 'erasure',
          scope: 'saved records',
          records: removed.length,
        });
        if (cleared.length > 0) {
          await recordAudit(tx, auditTrail, {
            action: 'erasure',
            scope: 'member of saved records kept by other workspaces',
            records: cleared.length,
          });
        }
      });
      await eraseUserEvents(database.db, outbox, userId);
    },
  );
}
