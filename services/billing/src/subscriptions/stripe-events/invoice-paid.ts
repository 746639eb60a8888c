import { PLANS, TOP_UP_PACKS, type TTopUpPackId } from '@prospector/contracts';
import type Stripe from 'stripe';
import { grantCredits } from '../../ledger/grant-credits.ts';
import { recordInvoice, recordTopUpInvoice } from '../invoices/record-invoice.ts';
import type { TEventHandler } from './event-context.ts';
import { fromUnix, idOf, metadataOf } from './stripe-objects.ts';
import { linkedRow } from './subscription-rows.ts';
import { topUpMetadataOf } from './top-up-paid.ts';

/** The credits of one paid invoice are granted once, however often its events arrive. */
export const invoiceGrantKey = (invoiceId: string) => `invoice:${invoiceId}`;

/**
 * `invoice.paid`: the invoice joins the user's list (`record-invoice.ts`), and the plan's credits, exactly once per invoice (the ledger's idempotency key is the
 * invoice id, written in the transaction that records the event). Every paid invoice grants, whatever
 * the order its events arrive in: one paid before its subscription's events, after the subscription
 * ended, or after the user moved to another plan (a renewal Stripe charged before the replaced
 * subscription's cancellation reached it was paid for, so its credits are the user's too).
 *
 * Who pays and for which plan: the invoice's subscription metadata (the checkout writes it), else the
 * subscription as billing knows it, current or replaced — never the user's other subscription. An
 * invoice billing cannot place yet fails, and Stripe delivers it again later.
 */
export const onInvoicePaid: TEventHandler<Stripe.Invoice> = async (tx, _ctx, invoice) => {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId) {
    // A credit pack's invoice (the checkout asked Stripe for one): its pages join the list; the credits
    // come with the checkout session (`top-up-paid.ts`). Any other invoice bought no plan.
    const topUp = topUpMetadataOf(invoice.metadata);
    if (topUp) await recordTopUpInvoice(tx, topUpInvoiceRow(topUp.userId, topUp.pack, invoice), 'replace');
    return;
  }
  const metadata = metadataOf(details?.metadata);
  const known = metadata.userId && metadata.plan ? undefined : await linkedRow(tx, subscriptionId);
  const userId = metadata.userId ?? known?.userId;
  const plan = metadata.plan ?? known?.plan;
  if (!userId || !plan) throw new Error(`Invoice ${invoice.id} belongs to no known subscription`);
  await recordInvoice(tx, { userId, plan, subscriptionId, invoice });
  await grantCredits(tx, {
    userId,
    amount: PLANS[plan].credits,
    reason: 'plan_grant',
    idempotencyKey: invoiceGrantKey(invoice.id as string),
    reference: invoice.id as string,
    plan,
    // Stripe dates an invoice by `created`; the period start stands in for one that lacks it.
    invoiceDate: fromUnix(invoice.created ?? invoice.period_start) ?? undefined,
  });
};

function topUpInvoiceRow(userId: string, pack: TTopUpPackId, invoice: Stripe.Invoice) {
  return {
    id: invoice.id as string,
    userId,
    credits: TOP_UP_PACKS[pack].credits,
    amountCents: invoice.amount_paid ?? TOP_UP_PACKS[pack].priceCents,
    currency: invoice.currency ?? 'usd',
    issuedAt: fromUnix(invoice.created) ?? new Date(),
    hostedUrl: invoice.hosted_invoice_url,
    pdfUrl: invoice.invoice_pdf,
  };
}
