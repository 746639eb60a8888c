import { isTopUpPackId, TOP_UP_PACKS, type TTopUpPackId } from '@prospector/contracts';
import type Stripe from 'stripe';
import { grantCredits } from '../../ledger/grant-credits.ts';
import { recordTopUpInvoice } from '../invoices/record-invoice.ts';
import type { TEventHandler, TTx } from './event-context.ts';
import { fromUnix, idOf } from './stripe-objects.ts';

/** A credit pack is granted once per checkout session, whichever events report it and however often. */
export const topUpGrantKey = (checkoutSessionId: string) => `top_up:${checkoutSessionId}`;

/** Who bought which pack, as the top-up checkout wrote it in the metadata (session, payment and invoice alike). */
export function topUpMetadataOf(
  metadata: Stripe.Metadata | null | undefined,
): { userId: string; pack: TTopUpPackId } | null {
  if (metadata?.kind !== 'top_up') return null;
  const { userId, pack } = metadata;
  if (!userId || !isTopUpPackId(pack)) throw new Error(`A top-up names no user or no known pack (${pack})`);
  return { userId, pack };
}

/**
 * A paid top-up checkout: the pack's credits, granted exactly once per checkout session (the ledger's
 * idempotency key is the session id, written in the transaction that records the event), and its
 * invoice in the user's list. A session still unpaid (a delayed payment method) grants nothing yet:
 * `checkout.session.async_payment_succeeded` reports it paid later.
 */
export async function applyTopUp(tx: TTx, session: Stripe.Checkout.Session): Promise<void> {
  const bought = topUpMetadataOf(session.metadata);
  if (!bought || session.payment_status !== 'paid') return;
  const pack = TOP_UP_PACKS[bought.pack];
  const paidAt = fromUnix(session.created) ?? new Date();
  const invoiceId = idOf(session.invoice) ?? session.id;
  await recordTopUpInvoice(tx, {
    id: invoiceId,
    userId: bought.userId,
    credits: pack.credits,
    amountCents: session.amount_total ?? pack.priceCents,
    currency: session.currency ?? 'usd',
    issuedAt: paidAt,
  });
  await grantCredits(tx, {
    userId: bought.userId,
    amount: pack.credits,
    reason: 'top_up',
    idempotencyKey: topUpGrantKey(session.id),
    reference: invoiceId,
    invoiceDate: paidAt,
  });
}

/** `checkout.session.async_payment_succeeded`: a top-up paid by a delayed method is granted now. */
export const onAsyncPaymentSucceeded: TEventHandler<Stripe.Checkout.Session> = (tx, _ctx, session) =>
  applyTopUp(tx, session);
