import { INVOICE_LIST_LIMIT, type TInvoiceList } from '@prospector/contracts';
import { desc, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The user's invoices, newest first (at most INVOICE_LIST_LIMIT). */
export async function listInvoices(db: TLedgerDb, { userId }: { userId: string }): Promise<TInvoiceList> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(INVOICE_LIST_LIMIT);
  return {
    invoices: rows.map(({ userId: _user, issuedAt, periodStart, periodEnd, ...row }) => ({
      ...row,
      issuedAt: issuedAt.toISOString(),
      periodStart: iso(periodStart),
      periodEnd: iso(periodEnd),
    })),
  };
}
