import { recordAudit } from '@prospector/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  auditTrail,
  chargedAccounts,
  creditAccounts,
  creditHolds,
  creditTransactions,
  invoices,
  memberCreditLimits,
} from '../db/schema.ts';
import { FORMER_MEMBER, type TLedgerDb } from './ledger-db.ts';

/**
 * Removes every billing row of an erased account's personal workspace (its id is the user's), and in
 * other workspaces keeps the rows the user made there but no longer names them: their user id becomes
 * `FORMER_MEMBER`, and a transfer's other side that was their personal workspace is forgotten.
 * Idempotent; no event, as the account is gone.
 */
export function eraseUserCredits(db: TLedgerDb, userId: string): Promise<void> {
  return db.transaction(async (tx) => {
    // The ledger's trigger refuses deletes (and any update) except in a transaction that says it is
    // erasing an account; even then an update may change only the member and the counterpart.
    await tx.execute(sql`set local prospector.erasing = 'on'`);
    await tx.delete(creditHolds).where(eq(creditHolds.ownerKey, userId));
    await tx.delete(chargedAccounts).where(eq(chargedAccounts.ownerKey, userId));
    const ledger = await tx
      .delete(creditTransactions)
      .where(eq(creditTransactions.ownerKey, userId))
      .returning({ id: creditTransactions.id });
    await tx.delete(creditAccounts).where(eq(creditAccounts.ownerKey, userId));
    await tx.delete(invoices).where(eq(invoices.userId, userId));
    await tx
      .delete(memberCreditLimits)
      .where(sql`${memberCreditLimits.ownerKey} = ${userId} or ${memberCreditLimits.userId} = ${userId}`);

    const kept = await tx
      .update(creditTransactions)
      .set({ userId: FORMER_MEMBER })
      .where(and(eq(creditTransactions.userId, userId), ne(creditTransactions.ownerKey, userId)))
      .returning({ id: creditTransactions.id });
    await tx
      .update(creditTransactions)
      .set({ counterpartKey: null })
      .where(eq(creditTransactions.counterpartKey, userId));
    await tx.update(creditHolds).set({ userId: FORMER_MEMBER }).where(eq(creditHolds.userId, userId));
    if (ledger.length > 0) {
      await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'ledger rows', records: ledger.length });
    }
    if (kept.length > 0) {
      await recordAudit(tx, auditTrail, {
        action: 'erasure',
        scope: 'ledger rows of other workspaces (member forgotten)',
        records: kept.length,
      });
    }
  });
}
