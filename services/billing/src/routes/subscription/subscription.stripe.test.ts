import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_ENDPOINTS, createEvent, type TProfile, ZInvoiceListSchema } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverStripeWebhook,
  ledgerRowsOf,
  newUserId,
  outboxEvents,
  signedInAs,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../_factories.ts';
import { useBillingService } from '../../_service-under-test.ts';
import { handleAccountErased } from '../../consumers/account-erased.ts';
import { billingDetails, subscriptions } from '../../db/schema.ts';
import { DEFAULT_BILLING_CONFIG } from '../../service.ts';
import { createPayments, type TPaymentsConfig } from '../../subscriptions/create-payments.ts';
import { handleAccountUpdated } from '../../subscriptions/customer-details.ts';

const WEBHOOK_SECRET = 'whsec_fake_stripe';
const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;

interface TRecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

/** A local Stripe API speaking the documented shapes of the endpoints billing calls. */
function startFakeStripe() {
  const requests: TRecordedRequest[] = [];
  let failNext = false;
  const subscriptionObject = (id: string, form: Record<string, string>) => ({
    id,
    object: 'subscription',
    customer: 'cus_fake',
    status: 'active',
    cancel_at_period_end: form.cancel_at_period_end === 'true',
    metadata: { userId: FAKE_OWNER.userId, plan: 'package_2' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_fake',
          object: 'subscription_item',
          current_period_end: periodEnd,
          price: { unit_amount: 8700 },
        },
      ],
    },
  });
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form,
      });
      res.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such price' } }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: 'cs_test_fake',
            object: 'checkout.session',
            mode: form.mode,
            url: 'https://checkout.stripe.com/c/pay/cs_test_fake',
            client_reference_id: form.client_reference_id,
          }),
        );
        return;
      }
      const customerPath = /^\/v1\/customers(?:\/([\w-]+))?$/.exec(path);
      if (req.method === 'POST' && customerPath) {
        res.end(JSON.stringify({ id: customerPath[1] ?? 'cus_created', object: 'customer' }));
        return;
      }
      const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (req.method === 'POST' && subscriptionPath) {
        res.end(JSON.stringify(subscriptionObject(subscriptionPath[1] as string, form)));
        return;
      }
      if (req.method === 'DELETE' && subscriptionPath) {
        res.end(
          JSON.stringify({ ...subscriptionObject(subscriptionPath[1] as string, form), status: 'canceled' }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
    });
  });
  return {
    requests,
    failOnce: () => {
      failNext = true;
    },
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FAKE_OWNER = { userId: newUserId('stripe') };

describe('payments through the Stripe SDK (against a local fake Stripe)', () => {
  const fake = startFakeStripe();

  let payments: TPaymentsConfig;

  // Set up before billing, so the fake Stripe listens before billing starts and closes after it stops.
  beforeAll(async () => {
    const port = await fake.listen();
    payments = {
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: `http://127.0.0.1:${port}`,
      publicUrl: 'https://app.prospector.test',
    };
  });
  afterAll(() => fake.close());
  const billing = useBillingService('stripe', () => ({
    ...DEFAULT_BILLING_CONFIG,
    payments,
    subscriptionSweepIntervalMs: 50,
  }));

  const post = (path: string, userId: string, body?: unknown) =>
    billing.service.app.request(path, {
      method: 'POST',
      headers: { ...signedInAs(userId).headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const check = billing.subscriptionOf;
  const deliver = async (body: unknown) =>
    (await deliverStripeWebhook(billing.service.app, WEBHOOK_SECRET, body)).status;
  const cancellationsOf = (subscriptionId: string) =>
    fake.requests.filter(
      (request) => request.method === 'DELETE' && request.path.endsWith(`/${subscriptionId}`),
    );
  const sweeperPasses = () => new Promise((resolve) => setTimeout(resolve, 300));
  const subscriptionRowOf = (userId: string) =>
    billing.fixture.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const checkoutCompleted = (userId: string, subscriptionId: string, plan: string) =>
    stripeEvent('checkout.session.completed', {
      id: `cs_${subscriptionId}`,
      object: 'checkout.session',
      client_reference_id: userId,
      customer: `cus_${userId}`,
      subscription: subscriptionId,
      metadata: { userId, plan },
    });

  it('creates a subscription Checkout Session with the plan inline and the user in its metadata', async () => {
    const userId = FAKE_OWNER.userId;
    const response = await post(BILLING_ENDPOINTS.checkout.path, userId, { planId: 'package_2' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_fake' });

    const sent = fake.requests.at(-1) as TRecordedRequest;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_fake');
    expect(sent.form).toEqual({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '8700',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Prospector Professional',
      'line_items[0][price_data][product_data][metadata][plan]': 'package_2',
      client_reference_id: userId,
      'metadata[userId]': userId,
      'metadata[plan]': 'package_2',
      'subscription_data[metadata][userId]': userId,
      'subscription_data[metadata][plan]': 'package_2',
      customer_email: `${userId}@example.com`,
      success_url: 'https://app.prospector.test/stripe/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.prospector.test/pricing?checkout=cancelled',
    });
  });

  it("answers the spec's message when Stripe refuses the checkout", async () => {
    fake.failOnce();
    const response = await post(BILLING_ENDPOINTS.checkout.path, newUserId('refused'), {
      planId: 'package_1',
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: 'CHECKOUT_FAILED', message: 'Failed to create checkout session.' },
    });
  });

  it('cancels at period end and reactivates through subscriptions.update', async () => {
    const userId = FAKE_OWNER.userId;
    const created = JSON.stringify({
      id: 'evt_fake_created',
      object: 'event',
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_fake',
          object: 'subscription',
          customer: 'cus_fake',
          status: 'active',
          cancel_at_period_end: false,
          metadata: { userId, plan: 'package_2' },
          items: { object: 'list', data: [{ id: 'si_fake', current_period_end: periodEnd }] },
        },
      },
    });
    const webhook = await billing.service.app.request(BILLING_ENDPOINTS.stripeWebhook.path, {
      method: 'POST',
      headers: {
        'stripe-signature': new Stripe('sk_test_fake').webhooks.generateTestHeaderString({
          payload: created,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: created,
    });
    expect(webhook.status).toBe(200);
    expect(await check(userId)).toMatchObject({
      subscribed: true,
      subscription_plan: 'package_2',
      cancel_at_period_end: false,
    });

    const cancel = await post(BILLING_ENDPOINTS.cancel.path, userId);
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ success: true });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_fake',
      form: { cancel_at_period_end: 'true' },
    });
    expect(await check(userId)).toMatchObject({ subscribed: true, cancel_at_period_end: true });

    fake.failOnce();
    const failed = await post(BILLING_ENDPOINTS.reactivate.path, userId);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: {
        code: 'SUBSCRIPTION_UPDATE_FAILED',
        message: 'Failed to reactivate subscription. Please try again.',
      },
    });
    expect(await check(userId)).toMatchObject({ cancel_at_period_end: true });

    const reactivate = await post(BILLING_ENDPOINTS.reactivate.path, userId);
    expect(reactivate.status).toBe(200);
    expect(await reactivate.json()).toMatchObject({ success: true });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions/sub_fake',
      form: { cancel_at_period_end: 'false' },
    });
    expect(await check(userId)).toEqual({
      subscribed: true,
      subscription_plan: 'package_2',
      subscription_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at_period_end: false,
    });
  });

  it('Change Plan: buying Professional on Starter cancels the Starter subscription at Stripe once; its later events change nothing, but a renewal it was charged grants its credits', async () => {
    const userId = newUserId('upgrade');
    const starter = `sub_starter_${userId}`;
    const professional = `sub_professional_${userId}`;
    expect(await deliver(checkoutCompleted(userId, starter, 'package_1'))).toBe(200);
    expect(
      await deliver(
        stripeEvent(
          'customer.subscription.created',
          stripeSubscription({ userId, id: starter, plan: 'package_1', periodEnd }),
        ),
      ),
    ).toBe(200);
    const starterInvoice = stripeInvoice({
      userId,
      id: `in_1_${userId}`,
      subscriptionId: starter,
      plan: 'package_1',
    });
    expect(await deliver(stripeEvent('invoice.paid', starterInvoice))).toBe(200);
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: 'package_1' });

    const checkout = await post(BILLING_ENDPOINTS.checkout.path, userId, { planId: 'package_2' });
    expect(checkout.status).toBe(200);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      customer: `cus_${userId}`,
      'metadata[plan]': 'package_2',
    });
    expect(cancellationsOf(starter)).toEqual([]);

    const completed = checkoutCompleted(userId, professional, 'package_2');
    expect(await deliver(completed)).toBe(200);
    expect(cancellationsOf(starter)).toEqual([
      {
        method: 'DELETE',
        path: `/v1/subscriptions/${starter}`,
        authorization: 'Bearer sk_test_fake',
        idempotencyKey: `cancel-now:${starter}`,
        form: {},
      },
    ]);
    expect(
      await deliver(
        stripeEvent(
          'customer.subscription.created',
          stripeSubscription({ userId, id: professional, periodEnd }),
        ),
      ),
    ).toBe(200);
    expect(
      await deliver(
        stripeEvent(
          'invoice.paid',
          stripeInvoice({ userId, id: `in_2_${userId}`, subscriptionId: professional }),
        ),
      ),
    ).toBe(200);

    // The same checkout again under another event id, then the old subscription's late events: a
    // renewal update, a paid invoice and its deletion.
    expect(await deliver(stripeEvent('checkout.session.completed', completed.data.object))).toBe(200);
    expect(
      await deliver(
        stripeEvent(
          'customer.subscription.updated',
          stripeSubscription({ userId, id: starter, plan: 'package_1', periodEnd: periodEnd + 30 * 86_400 }),
        ),
      ),
    ).toBe(200);
    expect(
      await deliver(
        stripeEvent(
          'invoice.paid',
          stripeInvoice({ userId, id: `in_3_${userId}`, subscriptionId: starter, plan: 'package_1' }),
        ),
      ),
    ).toBe(200);
    expect(
      await deliver(
        stripeEvent(
          'customer.subscription.deleted',
          stripeSubscription({ userId, id: starter, plan: 'package_1', periodEnd }, { status: 'canceled' }),
        ),
      ),
    ).toBe(200);
    await sweeperPasses();

    expect(cancellationsOf(starter)).toHaveLength(1);
    expect(cancellationsOf(professional)).toEqual([]);
    expect(await check(userId)).toEqual({
      subscribed: true,
      subscription_plan: 'package_2',
      subscription_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at_period_end: false,
    });
    const rows = await ledgerRowsOf(billing.fixture.database, userId);
    expect(rows.map((row) => [row.amount, row.reference])).toEqual([
      [5_000, `in_1_${userId}`],
      [10_000, `in_2_${userId}`],
      [5_000, `in_3_${userId}`],
    ]);
    const published = (await outboxEvents(billing.fixture.database)).filter(
      (event) => event.type === 'billing.subscription.updated' && event.userId === userId,
    );
    expect(published.at(-1)?.data).toMatchObject({ subscribed: true, plan: 'package_2', status: 'active' });
  });

  it('asks Stripe again, from the sweeper, to cancel a replaced subscription when it refused at first', async () => {
    const userId = newUserId('retry');
    const starter = `sub_starter_${userId}`;
    const enterprise = `sub_enterprise_${userId}`;
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({ userId, id: starter, plan: 'package_1', periodEnd }),
      ),
    );
    fake.failOnce();
    // The new subscription's own event replaces the old one, whichever arrives first.
    const status = await deliver(
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({ userId, id: enterprise, plan: 'package_3', periodEnd }),
      ),
    );
    expect(status).toBe(500);
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: 'package_3' });
    await expect.poll(() => cancellationsOf(starter).length, { timeout: 5_000 }).toBe(2);
    await sweeperPasses();
    expect(cancellationsOf(starter)).toHaveLength(2);
    expect(cancellationsOf(enterprise)).toEqual([]);
  });

  it('cancels the subscription at Stripe before erasing an account, and erases nothing while Stripe refuses', async () => {
    const userId = newUserId('erased');
    const id = `sub_${userId}`;
    await deliver(
      stripeEvent('customer.subscription.created', stripeSubscription({ userId, id, periodEnd })),
    );
    await deliver(
      stripeEvent('invoice.paid', stripeInvoice({ userId, id: `in_${userId}`, subscriptionId: id })),
    );
    const consumer = handleAccountErased(
      billing.fixture.ledger,
      createPayments(billing.fixture.database.db, payments).subscriptions.erase,
    );
    const delivery = {
      subject: 'accounts.erased',
      event: createEvent('accounts.erased', userId, {}),
      deliveryCount: 1,
    };

    fake.failOnce();
    await expect(consumer(delivery)).rejects.toThrow();
    expect(cancellationsOf(id)).toHaveLength(1);
    expect(await subscriptionRowOf(userId)).toHaveLength(1);
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(10_000);

    await consumer({ ...delivery, deliveryCount: 2 });
    expect(cancellationsOf(id).map((request) => request.idempotencyKey)).toEqual([
      `cancel-now:${id}`,
      `cancel-now:${id}`,
    ]);
    expect(await subscriptionRowOf(userId)).toEqual([]);
    expect(await ledgerRowsOf(billing.fixture.database, userId)).toEqual([]);
    // Stripe then reports the cancelled subscription as deleted: nothing of the user comes back.
    expect(
      await deliver(
        stripeEvent(
          'customer.subscription.deleted',
          stripeSubscription({ userId, id, periodEnd }, { status: 'canceled' }),
        ),
      ),
    ).toBe(200);
    expect(await subscriptionRowOf(userId)).toEqual([]);
  });

  it('erases a subscriber through the accounts.erased consumer on the bus, cancelling at Stripe first', async () => {
    const userId = newUserId('leaving');
    // The company details billing copied go with the account too.
    await billing.bus.publish(
      createEvent('accounts.updated', userId, {
        profile: {
          ...profileOf(userId),
          accountType: 'business',
          companyName: 'Leaving Ltd',
          vatNumber: 'FR12345678901',
        },
      }),
    );
    await expect.poll(async () => (await detailsOf(userId)).length, { timeout: 5_000 }).toBe(1);
    const id = `sub_${userId}`;
    await deliver(
      stripeEvent('customer.subscription.created', stripeSubscription({ userId, id, periodEnd })),
    );
    await deliver(
      stripeEvent('invoice.paid', stripeInvoice({ userId, id: `in_${userId}`, subscriptionId: id })),
    );
    expect(await check(userId)).toMatchObject({ subscribed: true });

    await billing.bus.publish(createEvent('accounts.erased', userId, {}));
    await expect.poll(async () => (await subscriptionRowOf(userId)).length, { timeout: 5_000 }).toBe(0);
    await expect.poll(async () => (await detailsOf(userId)).length).toBe(0);
    await expect.poll(async () => (await ledgerRowsOf(billing.fixture.database, userId)).length).toBe(0);
    expect(cancellationsOf(id)).toHaveLength(1);
    expect(await check(userId)).toMatchObject({ subscribed: false, subscription_plan: 'none' });
  });

  /** A subscriber of Professional through Stripe's events, with its first invoice paid. */
  const subscribe = async (userId: string) => {
    const id = `sub_${userId}`;
    expect(await deliver(checkoutCompleted(userId, id, 'package_2'))).toBe(200);
    expect(
      await deliver(
        stripeEvent('customer.subscription.created', stripeSubscription({ userId, id, periodEnd })),
      ),
    ).toBe(200);
    expect(
      await deliver(
        stripeEvent('invoice.paid', stripeInvoice({ userId, id: `in_${userId}`, subscriptionId: id })),
      ),
    ).toBe(200);
  };
  const topUpCompleted = (userId: string, overrides: Record<string, unknown> = {}) =>
    stripeEvent('checkout.session.completed', {
      id: `cs_topup_${userId}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      created: 1_795_435_200,
      client_reference_id: userId,
      customer: `cus_${userId}`,
      subscription: null,
      invoice: `in_topup_${userId}`,
      amount_total: 1900,
      currency: 'usd',
      metadata: { userId, kind: 'top_up', pack: 'credits_1000' },
      ...overrides,
    });
  const detailsOf = (userId: string) =>
    billing.fixture.database.db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  /** The profile the account service would announce for `userId`, created just now. */
  const profileOf = (userId: string, overrides: Partial<TProfile> = {}): TProfile => {
    const now = new Date().toISOString();
    return fakeProfile({
      userId,
      email: `${userId}@example.com`,
      fullName: null,
      country: 'DE',
      trialStartedAt: now,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    });
  };
  const accountUpdated = (userId: string, profile: Partial<TProfile>) =>
    handleAccountUpdated(billing.fixture.database.db)({
      subject: 'accounts.updated',
      event: createEvent('accounts.updated', userId, { profile: profileOf(userId, profile) }),
      deliveryCount: 1,
    });

  it('top-ups: refused without a plan; a subscriber gets a one-off payment Checkout Session for the pack', async () => {
    const trial = newUserId('no-plan');
    const refused = await post(BILLING_ENDPOINTS.topUp.path, trial, { packId: 'credits_1000' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Credit packs are for subscribers. Choose a plan first.' },
    });
    expect((await post(BILLING_ENDPOINTS.topUp.path, trial, { packId: 'credits_5' })).status).toBe(400);

    const userId = newUserId('topup');
    await subscribe(userId);
    const before = fake.requests.length;
    const response = await post(BILLING_ENDPOINTS.topUp.path, userId, { packId: 'credits_1000' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_fake' });
    const sent = fake.requests.slice(before);
    // The customer is brought up to date first (a personal account: no VAT field), then the session.
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /v1/customers/cus_${userId}`,
      'POST /v1/checkout/sessions',
    ]);
    expect(sent[1]?.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1900',
      'line_items[0][price_data][product_data][name]': 'Prospector credit pack — 1,000 credits',
      'line_items[0][price_data][product_data][metadata][pack]': 'credits_1000',
      client_reference_id: userId,
      'metadata[userId]': userId,
      'metadata[kind]': 'top_up',
      'metadata[pack]': 'credits_1000',
      'payment_intent_data[metadata][userId]': userId,
      'payment_intent_data[metadata][kind]': 'top_up',
      'payment_intent_data[metadata][pack]': 'credits_1000',
      'invoice_creation[enabled]': 'true',
      'invoice_creation[invoice_data][metadata][userId]': userId,
      'invoice_creation[invoice_data][metadata][kind]': 'top_up',
      'invoice_creation[invoice_data][metadata][pack]': 'credits_1000',
      customer: `cus_${userId}`,
      success_url: 'https://app.prospector.test/dashboard/billing?from_payment=success',
      cancel_url: 'https://app.prospector.test/pricing?checkout=cancelled',
    });
  });

  it('top-ups: the paid session grants 1,000 credits exactly once, however often and under whichever event id it arrives', async () => {
    const userId = newUserId('granted');
    await subscribe(userId);
    const completed = topUpCompleted(userId);
    // The same event retried, the same payment under another id, and the delayed-payment event too.
    const deliveries = [
      completed,
      completed,
      { ...completed, id: `evt_again_${userId}` },
      stripeEvent('checkout.session.async_payment_succeeded', completed.data.object),
    ];
    for (const event of deliveries) expect(await deliver(event)).toBe(200);
    // Concurrent replays of new ids: still one grant.
    await Promise.all([1, 2, 3].map((n) => deliver({ ...completed, id: `evt_concurrent_${n}_${userId}` })));
    const topUps = (await ledgerRowsOf(billing.fixture.database, userId)).filter(
      (row) => row.reason === 'top_up',
    );
    expect(topUps.map((row) => [row.amount, row.idempotencyKey, row.reference])).toEqual([
      [1000, `top_up:cs_topup_${userId}`, `in_topup_${userId}`],
    ]);
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(11_000);

    // Stripe's own invoice of the payment brings its hosted page and PDF to the same row.
    const invoicePaid = stripeEvent('invoice.paid', {
      id: `in_topup_${userId}`,
      object: 'invoice',
      customer: `cus_${userId}`,
      status: 'paid',
      created: 1_795_435_200,
      amount_paid: 1900,
      currency: 'usd',
      hosted_invoice_url: 'https://invoice.stripe.com/i/topup',
      invoice_pdf: 'https://pay.stripe.com/invoice/topup/pdf',
      parent: null,
      metadata: { userId, kind: 'top_up', pack: 'credits_1000' },
    });
    expect(await deliver(invoicePaid)).toBe(200);
    expect(await deliver(completed)).toBe(200);
    const list = ZInvoiceListSchema.parse(
      await (await billing.service.app.request(BILLING_ENDPOINTS.invoices.path, signedInAs(userId))).json(),
    );
    expect(list.invoices.filter((invoice) => invoice.kind === 'top_up')).toEqual([
      expect.objectContaining({
        id: `in_topup_${userId}`,
        plan: null,
        credits: 1000,
        amountCents: 1900,
        status: 'paid',
        hostedUrl: 'https://invoice.stripe.com/i/topup',
        pdfUrl: 'https://pay.stripe.com/invoice/topup/pdf',
      }),
    ]);
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(11_000);
  });

  it('top-ups: a session not paid yet grants nothing until Stripe reports the delayed payment succeeded', async () => {
    const userId = newUserId('delayed');
    await subscribe(userId);
    const unpaid = topUpCompleted(userId, { payment_status: 'unpaid' });
    expect(await deliver(unpaid)).toBe(200);
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(10_000);
    expect(
      await deliver(
        stripeEvent('checkout.session.async_payment_succeeded', {
          ...unpaid.data.object,
          payment_status: 'paid',
        }),
      ),
    ).toBe(200);
    expect((await billing.fixture.ledger.balance(userId)).balance).toBe(11_000);
  });

  it("a company account's VAT number reaches Stripe: on the new customer and on every later checkout", async () => {
    const userId = newUserId('company');
    await accountUpdated(userId, {
      accountType: 'business',
      companyName: 'Acme GmbH',
      vatNumber: 'DE123456789',
    });
    // An older copy of the profile arriving late changes nothing.
    await accountUpdated(userId, {
      accountType: 'personal',
      updatedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const before = fake.requests.length;
    expect((await post(BILLING_ENDPOINTS.checkout.path, userId, { planId: 'package_1' })).status).toBe(200);
    const [customer, session] = fake.requests.slice(before);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      form: {
        name: 'Acme GmbH',
        email: `${userId}@example.com`,
        'invoice_settings[custom_fields][0][name]': 'VAT number',
        'invoice_settings[custom_fields][0][value]': 'DE123456789',
        'metadata[userId]': userId,
      },
    });
    expect(session?.form).toMatchObject({ customer: 'cus_created', mode: 'subscription' });
    expect(session?.form.customer_email).toBeUndefined();

    // Subscribed, a credit pack's own invoice carries the VAT number too.
    await subscribe(userId);
    const start = fake.requests.length;
    expect((await post(BILLING_ENDPOINTS.topUp.path, userId, { packId: 'credits_1000' })).status).toBe(200);
    const [update, topUp] = fake.requests.slice(start);
    expect(update).toMatchObject({
      path: `/v1/customers/cus_${userId}`,
      form: {
        name: 'Acme GmbH',
        'invoice_settings[custom_fields][0][value]': 'DE123456789',
      },
    });
    expect(topUp?.form).toMatchObject({
      'invoice_creation[invoice_data][custom_fields][0][name]': 'VAT number',
      'invoice_creation[invoice_data][custom_fields][0][value]': 'DE123456789',
    });

    // Back to a personal account: the VAT field is cleared on the customer.
    await accountUpdated(userId, {
      accountType: 'personal',
      updatedAt: new Date(Date.now() + 1000).toISOString(),
    });
    const last = fake.requests.length;
    expect((await post(BILLING_ENDPOINTS.topUp.path, userId, { packId: 'credits_1000' })).status).toBe(200);
    expect(fake.requests[last]?.form).toEqual({ 'invoice_settings[custom_fields]': '' });
  });
});
