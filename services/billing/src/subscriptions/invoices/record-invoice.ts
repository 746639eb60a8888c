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
    kind: 'plan' as const,
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

export interface TTopUpInvoice {
  id: string;
  userId: string;
  credits: number;
  amountCents: number;
  currency: string;
  issuedAt: Date;
  hostedUrl?: string | null;
  pdfUrl?: string | null;
}

/**
 * Keeps a credit pack's invoice in the user's list. The checkout's completion writes it first
 * (`keep`: a row already there, perhaps with Stripe's pages, stays as it is); Stripe's own
 * `invoice.paid` for it brings the hosted page and PDF (`replace`). Keyed by the invoice id.
 */
export async function recordTopUpInvoice(
  tx: TTx,
  invoice: TTopUpInvoice,
  existing: 'keep' | 'replace' = 'keep',
): Promise<void> {
  const row = {
    ...invoice,
    kind: 'top_up' as const,
    status: 'paid' as const,
    hostedUrl: httpsUrl(invoice.hostedUrl),
    pdfUrl: httpsUrl(invoice.pdfUrl),
  };
  const insert = tx.insert(invoices).values(row);
  await (existing === 'replace'
    ? insert.onConflictDoUpdate({ target: invoices.id, set: row })
    : insert.onConflictDoNothing({ target: invoices.id }));
}
