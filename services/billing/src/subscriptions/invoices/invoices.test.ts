import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerFixture,
  newUserId,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
  type TLedgerFixture,
} from '../../_factories.ts';
import {
  createStripeEventProcessor,
  type TStripeEventProcessor,
} from '../stripe-events/stripe-event-processor.ts';
import { listInvoices } from './list-invoices.ts';

const paid = (object: object, eventId?: string) =>
  ({
    ...stripeEvent('invoice.paid', object),
    ...(eventId ? { id: eventId } : {}),
  }) as unknown as Stripe.Event;

describe('invoices: each paid invoice is listed once, for its payer only', () => {
  let fixture: TLedgerFixture;
  let processor: TStripeEventProcessor;

  beforeAll(async () => {
    fixture = await createLedgerFixture(4);
    processor = createStripeEventProcessor(fixture.database.db);
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('keeps date, plan, amount, status and the provider’s pages, once under replays', async () => {
    const userId = newUserId('invoices');
    const invoice = {
      ...stripeInvoice({
        userId,
        id: `in_list_${userId}`,
        subscriptionId: `sub_list_${userId}`,
        plan: 'package_2',
      }),
      amount_paid: 8700,
      currency: 'usd',
      period_start: 1_795_435_200,
      period_end: 1_798_113_600,
      hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test',
      invoice_pdf: 'javascript:alert(1)',
    };
    await processor.process(paid(invoice));
    // The same event again, and the same invoice under another event id: still one invoice.
    const again = paid(invoice, `evt_again_${userId}`);
    await processor.process(again);
    await processor.process(again);

    const { invoices } = await listInvoices(fixture.database.db, { userId });
    expect(invoices).toEqual([
      {
        id: `in_list_${userId}`,
        kind: 'plan',
        plan: 'package_2',
        credits: null,
        amountCents: 8700,
        currency: 'usd',
        status: 'paid',
        issuedAt: '2026-11-23T12:00:00.000Z',
        periodStart: '2026-11-23T12:00:00.000Z',
        periodEnd: '2026-12-24T12:00:00.000Z',
        replacedPlan: null,
        hostedUrl: 'https://invoice.stripe.com/i/acct_1/test',
        // Only a provider's https page is linked to.
        pdfUrl: null,
      },
    ]);
    expect((await listInvoices(fixture.database.db, { userId: newUserId('other') })).invoices).toEqual([]);
  });

  it('lists the newest first', async () => {
    const userId = newUserId('order');
    for (const [label, created] of [
      ['old', 1_790_000_000],
      ['new', 1_795_000_000],
    ] as const) {
      await processor.process(
        paid({
          ...stripeInvoice({ userId, id: `in_${label}_${userId}`, subscriptionId: `sub_${label}_${userId}` }),
          created,
          amount_paid: 4700,
        }),
      );
    }
    const { invoices } = await listInvoices(fixture.database.db, { userId });
    expect(invoices.map((invoice) => invoice.id)).toEqual([`in_new_${userId}`, `in_old_${userId}`]);
  });

  it('the invoice that paid a plan change names the plan it replaced; the renewals do not', async () => {
    const userId = newUserId('change');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const buy = async (label: string, plan: 'package_1' | 'package_2', created: number) => {
      const id = `sub_${label}_${userId}`;
      await processor.process(
        stripeEvent(
          'customer.subscription.created',
          stripeSubscription({ userId, id, plan, periodEnd }),
        ) as never,
      );
      await processor.process(
        paid({
          ...stripeInvoice({ userId, id: `in_${label}_${userId}`, subscriptionId: id, plan }),
          created,
        }),
      );
    };
    await buy('starter', 'package_1', 1_790_000_000);
    await buy('pro', 'package_2', 1_795_000_000);
    // A renewal of the new subscription.
    await processor.process(
      paid({
        ...stripeInvoice({
          userId,
          id: `in_renewal_${userId}`,
          subscriptionId: `sub_pro_${userId}`,
          plan: 'package_2',
        }),
        created: 1_797_600_000,
      }),
    );
    const { invoices } = await listInvoices(fixture.database.db, { userId });
    expect(invoices.map((invoice) => [invoice.id, invoice.plan, invoice.replacedPlan])).toEqual([
      [`in_renewal_${userId}`, 'package_2', null],
      [`in_pro_${userId}`, 'package_2', 'package_1'],
      [`in_starter_${userId}`, 'package_1', null],
    ]);
  });
});
