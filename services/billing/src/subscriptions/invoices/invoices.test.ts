import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerFixture,
  newUserId,
  stripeEvent,
  stripeInvoice,
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
        plan: 'package_2',
        amountCents: 8700,
        currency: 'usd',
        status: 'paid',
        issuedAt: '2026-11-23T12:00:00.000Z',
        periodStart: '2026-11-23T12:00:00.000Z',
        periodEnd: '2026-12-24T12:00:00.000Z',
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
});
