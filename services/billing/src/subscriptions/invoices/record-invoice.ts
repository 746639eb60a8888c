import { INVOICE_STATUSES, type TPaidPlanId } from '@prospector/contracts';
import type Stripe from 'stripe';
import { invoices } from '../../db/schema.ts';
import type { TTx } from '../stripe-events/event-context.ts';
import { fromUnix } from '../stripe-events/stripe-objects.ts';

const statusOf = (status: Stripe.Invoice['status']) =>
  (INVOICE_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as (typeof INVOICE_STATUSES)[number])
    : 'paid';

/** Only a provider's own https page is linked to from the Billing page. */
const httpsUrl = (url: string | null | undefined) => (url?.startsWith('https://') ? url : null);

/**
 * Keeps a paid invoice in the user's list, in the transaction of the event that reports it: a
 * replayed or repeated event rewrites the same row (keyed by the provider's invoice id).
 */
export async function recordInvoice(
  tx: TTx,
  {
    userId,
    plan,
    subscriptionId,
    invoice,
  }: { userId: string; plan: TPaidPlanId; subscriptionId: string; invoice: Stripe.Invoice },
): Promise<void> {
  const row = {
    id: invoice.id as string,
    userId,
    subscriptionId,
    plan,
    amountCents: invoice.amount_paid ?? 0,
    currency: invoice.currency ?? 'usd',
    status: statusOf(invoice.status),
    issuedAt: fromUnix(invoice.created ?? invoice.period_start) ?? new Date(),
    periodStart: fromUnix(invoice.period_start),
    periodEnd: fromUnix(invoice.period_end),
    hostedUrl: httpsUrl(invoice.hosted_invoice_url),
    pdfUrl: httpsUrl(invoice.invoice_pdf),
  };
  await tx.insert(invoices).values(row).onConflictDoUpdate({ target: invoices.id, set: row });
}
