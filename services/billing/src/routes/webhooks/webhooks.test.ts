import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  deliverStripeWebhook,
  ledgerRowsOf,
  newUserId,
  outboxEvents,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../_factories.ts';
import { useBillingService } from '../../_service-under-test.ts';
import { DEFAULT_BILLING_CONFIG } from '../../service.ts';

const WEBHOOK_SECRET = 'whsec_webhooks_test';
const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;

const event = stripeEvent;
const subscription = (userId: string, id: string, overrides: Record<string, unknown> = {}) =>
  stripeSubscription({ userId, id, periodEnd }, overrides);
const invoice = (userId: string, id: string, subscriptionId: string) =>
  stripeInvoice({ userId, id, subscriptionId });

describe('Stripe webhooks', () => {
  const billing = useBillingService('webhooks', () => ({
    ...DEFAULT_BILLING_CONFIG,
    payments: {
      stripeSecretKey: 'sk_test_webhooks',
      stripeWebhookSecret: WEBHOOK_SECRET,
      publicUrl: 'http://localhost:3000',
    },
  }));

  const deliver = (body: unknown, secret = WEBHOOK_SECRET) =>
    deliverStripeWebhook(billing.service.app, secret, body);
  const check = billing.subscriptionOf;
  const subscriptionEvents = async (userId: string) =>
    (await outboxEvents(billing.fixture.database)).filter(
      (row) => row.type === 'billing.subscription.updated' && row.userId === userId,
    );
  const stripeEventCount = async () =>
    Number((await billing.fixture.database.sql`select count(*) from billing.stripe_events`)[0]?.count);

  it('applies a purchase once, however often its events are replayed', async () => {
    const userId = newUserId('payer');
    const events = [
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: userId,
        customer: `cus_${userId}`,
        subscription: `sub_${userId}`,
        metadata: { userId, plan: 'package_2' },
      }),
      event('customer.subscription.created', subscription(userId, `sub_${userId}`)),
      event('invoice.paid', invoice(userId, `in_${userId}`, `sub_${userId}`)),
    ];
    for (const body of events) {
      const response = await deliver(body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, duplicate: false });
    }
    for (let replay = 0; replay < 3; replay += 1) {
      for (const body of events) {
        const response = await deliver(body);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ received: true, duplicate: true });
      }
    }

    expect(await check(userId)).toEqual({
      subscribed: true,
      subscription_plan: 'package_2',
      subscription_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at_period_end: false,
    });
    const rows = await ledgerRowsOf(billing.fixture.database, userId);
    expect(rows.map((row) => [row.amount, row.reason, row.reference, row.idempotencyKey])).toEqual([
      [10_000, 'plan_grant', `in_${userId}`, `invoice:in_${userId}`],
    ]);
    // The history names the plan and the invoice's date, not the invoice id.
    expect(rows.map((row) => [row.plan, row.invoiceDate?.toISOString()])).toEqual([
      ['package_2', '2026-11-23T12:00:00.000Z'],
    ]);
    expect(await subscriptionEvents(userId)).toHaveLength(1);
  });

  it('grants an invoice once even when it arrives under two event ids', async () => {
    const userId = newUserId('twice');
    await deliver(event('customer.subscription.created', subscription(userId, `sub_${userId}`)));
    const paid = invoice(userId, `in_${userId}`, `sub_${userId}`);
    expect((await deliver(event('invoice.paid', paid))).status).toBe(200);
    expect(await (await deliver(event('invoice.paid', paid))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(10_000);
    expect(await ledgerRowsOf(billing.fixture.database, userId)).toHaveLength(1);
  });

  it('follows updates and ends the subscription on deletion', async () => {
    const userId = newUserId('leaver');
    const id = `sub_${userId}`;
    await deliver(event('customer.subscription.created', subscription(userId, id)));
    await deliver(
      event('customer.subscription.updated', subscription(userId, id, { cancel_at_period_end: true })),
    );
    expect(await check(userId)).toMatchObject({ subscribed: true, cancel_at_period_end: true });
    // The deleted subscription's metadata is not needed: the linked row names the user.
    await deliver(
      event('customer.subscription.deleted', subscription(userId, id, { status: 'canceled', metadata: {} })),
    );
    expect(await check(userId)).toEqual({
      subscribed: false,
      subscription_plan: 'none',
      subscription_end: null,
      cancel_at_period_end: false,
    });
    expect((await subscriptionEvents(userId)).map((row) => row.data)).toEqual([
      expect.objectContaining({ subscribed: true, cancelAtPeriodEnd: false }),
      expect.objectContaining({ subscribed: true, cancelAtPeriodEnd: true }),
      expect.objectContaining({ subscribed: false, plan: 'none', status: 'canceled' }),
    ]);
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const userId = newUserId('forger');
    const before = await stripeEventCount();
    const forged = event('invoice.paid', invoice(userId, `in_${userId}`, `sub_${userId}`));
    const wrongSecret = await deliver(forged, 'whsec_someone_else');
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The webhook signature could not be verified.' },
    });
    const unsigned = await billing.service.app.request(BILLING_ENDPOINTS.stripeWebhook.path, {
      method: 'POST',
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    expect(await stripeEventCount()).toBe(before);
    expect(await billing.fixture.ledger.balance(userId)).toMatchObject({ balance: 0 });
    expect(await check(userId)).toMatchObject({ subscribed: false });
  });
});
