import { INVOICE_LIST_LIMIT, type TInvoiceList } from '@prospector/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { invoices, replacedSubscriptions } from '../../db/schema.ts';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The user's invoices, newest first (at most INVOICE_LIST_LIMIT). The first invoice of a subscription
 * that replaced another (Change Plan) names the plan it replaced, so the change shows in the history.
 */
export async function listInvoices(db: TLedgerDb, { userId }: { userId: string }): Promise<TInvoiceList> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(INVOICE_LIST_LIMIT);
  const subscriptionIds = [
    ...new Set(rows.flatMap((row) => (row.subscriptionId ? [row.subscriptionId] : []))),
  ];
  const replaced =
    subscriptionIds.length === 0
      ? []
      : await db
          .select({ plan: replacedSubscriptions.plan, replacedBy: replacedSubscriptions.replacedBy })
          .from(replacedSubscriptions)
          .where(inArray(replacedSubscriptions.replacedBy, subscriptionIds));
  const replacedPlanOf = new Map(replaced.map((row) => [row.replacedBy, row.plan]));
  // Newest first: the last row of a subscription is its first invoice.
  const firstInvoiceOf = new Map(rows.map((row) => [row.subscriptionId, row.id]));
  return {
    invoices: rows.map(({ userId: _user, subscriptionId, issuedAt, periodStart, periodEnd, ...row }) => ({
      ...row,
      issuedAt: issuedAt.toISOString(),
      periodStart: iso(periodStart),
      periodEnd: iso(periodEnd),
      replacedPlan:
        subscriptionId && firstInvoiceOf.get(subscriptionId) === row.id
          ? (replacedPlanOf.get(subscriptionId) ?? null)
          : null,
    })),
  };
}
