import { PLANS } from '@prospector/contracts';
import type Stripe from 'stripe';
import { grantCredits } from '../../ledger/grant-credits.ts';
import type { TEventHandler } from './event-context.ts';
import { fromUnix, idOf, metadataOf } from './stripe-objects.ts';
import { isReplaced, ownerOf } from './subscription-rows.ts';

/** The credits of one paid invoice are granted once, however often its events arrive. */
export const invoiceGrantKey = (invoiceId: string) => `invoice:${invoiceId}`;

/** `invoice.paid`: the plan's credits, once per invoice. */
export const onInvoicePaid: TEventHandler<Stripe.Invoice> = async (tx, _ctx, invoice) => {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  // Credits follow the user's current subscription: an invoice of one they moved off grants nothing.
  if (!subscriptionId || (await isReplaced(tx, subscriptionId))) return;
  const metadata = metadataOf(details?.metadata);
  const owner = await ownerOf(tx, subscriptionId, metadata);
  const plan = metadata.plan ?? owner?.before?.plan;
  if (!owner || !plan) throw new Error(`Invoice ${invoice.id} belongs to no known subscription`);
  await grantCredits(tx, {
    userId: owner.userId,
    amount: PLANS[plan].credits,
    reason: 'plan_grant',
    idempotencyKey: invoiceGrantKey(invoice.id as string),
    reference: invoice.id as string,
    plan,
    // Stripe dates an invoice by `created`; the period start stands in for one that lacks it.
    invoiceDate: fromUnix(invoice.created ?? invoice.period_start) ?? undefined,
  });
};
