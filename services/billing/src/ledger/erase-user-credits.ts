import { eraseUserEvents, recordAudit, UserEventsPendingError } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import {
  auditTrail,
  chargedAccounts,
  creditAccounts,
  creditHolds,
  creditTransactions,
  outbox,
} from '../db/schema.ts';
import type { TLedgerDb } from './ledger-db.ts';

/** Removes every billing row of an erased account, its events included. Idempotent; no event, as the account is gone. */
export function eraseUserCredits(db: TLedgerDb, userId: string): Promise<void> {
  return db.transaction(async (tx) => {
    // The ledger's trigger refuses deletes except in a transaction that says it is erasing an account.
    await tx.execute(sql`set local prospector.erasing = 'on'`);
    await tx.delete(creditHolds).where(eq(creditHolds.userId, userId));
    await tx.delete(chargedAccounts).where(eq(chargedAccounts.userId, userId));
    const ledger = await tx
      .delete(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .returning({ id: creditTransactions.id });
    await tx.delete(creditAccounts).where(eq(creditAccounts.userId, userId));
    // Its published events go too; one still unpublished makes the erasure wait for the relay.
    const pending = await eraseUserEvents(tx, outbox, userId);
    if (pending > 0) throw new UserEventsPendingError(pending);
    if (ledger.length > 0) {
      await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'ledger rows', records: ledger.length });
    }
  });
}
