import { recordAudit } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import {
  auditTrail,
  chargedAccounts,
  creditAccounts,
  creditHolds,
  creditTransactions,
  invoices,
} from '../db/schema.ts';
import type { TLedgerDb } from './ledger-db.ts';

/** Removes every billing row of an erased account. Idempotent; no event, as the account is gone. */
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
    await tx.delete(invoices).where(eq(invoices.userId, userId));
    if (ledger.length > 0) {
      await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'ledger rows', records: ledger.length });
    }
  });
}
