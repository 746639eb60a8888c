import {
  BILLING_ENDPOINTS,
  SANDBOX_CHECKOUT_PATH,
  TOP_UP_NEEDS_PLAN_MESSAGE,
  ZCheckoutResponseSchema,
  ZCreditHistoryPageSchema,
  ZInvoiceListSchema,
  ZSubscriptionActionResponseSchema,
  ZSubscriptionCheckSchema,
} from '@prospector/contracts';
import type { TRunningService } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brokenChainLinks,
  ledgerRowsOf,
  newUserId,
  outboxEvents,
  signedInAs,
  type TLedgerFixture,
} from '../../_factories.ts';
import { useBillingService } from '../../_service-under-test.ts';
import { handleAccountCreated } from '../../consumers/account-created.ts';
import { replacedSubscriptions, subscriptions } from '../../db/schema.ts';
import { DEFAULT_BILLING_CONFIG, type TBillingConfig } from '../../service.ts';

/** A billing service in sandbox mode on its own database, with the helpers the tests below share. */
function useSandboxService(config: TBillingConfig = DEFAULT_BILLING_CONFIG) {
  const billing = useBillingService('sandbox', () => config);

  const request = (path: string, userId: string, init: RequestInit = {}) =>
    billing.service.app.request(path, {
      ...init,
      headers: { ...signedInAs(userId).headers, ...init.headers },
    });
  const postJson = (path: string, userId: string, body?: unknown) =>
    request(path, userId, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const check = async (userId: string) =>
    ZSubscriptionCheckSchema.parse(await (await request(BILLING_ENDPOINTS.subscription.path, userId)).json());
  const checkout = async (userId: string, planId: string) => {
    const response = await postJson(BILLING_ENDPOINTS.checkout.path, userId, { planId });
    expect(response.status).toBe(200);
    return ZCheckoutResponseSchema.parse(await response.json()).url;
  };
  const subscriptionEvents = async (userId: string) =>
    (await outboxEvents(billing.fixture.database)).filter(
      (event) => event.type === 'billing.subscription.updated' && event.userId === userId,
    );
  /** Checkout and the sandbox page's Pay button. */
  const buy = async (userId: string, planId: string) => {
    const url = await checkout(userId, planId);
    expect((await request(`${url}/pay`, userId, { method: 'POST' })).status).toBe(303);
  };
  const subscriptionRowOf = async (userId: string) =>
    (
      await billing.fixture.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
    )[0];

  return {
    /** The fixture and service, once started. */
    started: () => billing,
    request,
    postJson,
    check,
    checkout,
    subscriptionEvents,
    buy,
    subscriptionRowOf,
  };
}

describe('sandbox payments: checkout, pay, cancel, reactivate', () => {
  const { started, request, postJson, check, checkout, subscriptionEvents, buy, subscriptionRowOf } =
    useSandboxService();
  let fixture: TLedgerFixture;
  let service: TRunningService;
  beforeAll(() => {
    ({ fixture, service } = started());
  });

  it('answers not subscribed before any purchase', async () => {
    expect(await check(newUserId('nobody'))).toEqual({
      subscribed: false,
      subscription_plan: 'none',
      subscription_end: null,
      cancel_at_period_end: false,
    });
  });

  it('buys Professional through the sandbox page, then cancels and reactivates it', async () => {
    const userId = newUserId('buyer');
    await handleAccountCreated(fixture.ledger)({
      subject: 'accounts.created',
      event: {
        id: crypto.randomUUID(),
        type: 'accounts.created',
        version: 1,
        occurredAt: new Date().toISOString(),
        userId,
        data: { email: `${userId}@example.com`, name: 'Ada' },
      },
      deliveryCount: 1,
    });

    const url = await checkout(userId, 'package_2');
    expect(url).toMatch(new RegExp(`^${SANDBOX_CHECKOUT_PATH}/cs_sandbox_\\w+$`));

    const page = await request(url, userId);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Sandbox payment — no card is charged.');
    expect(html).toContain('Prospector Professional');
    expect(html).toContain('$87.00 <span>per month</span>');
    expect(html).toContain(`${userId}@example.com`);
    expect(html).toContain(
      `<form method="post" action="${url}/pay"><button type="submit" class="pay" autofocus>Pay $87.00</button>`,
    );
    expect(html).toContain(
      `<form method="post" action="${url}/cancel"><button type="submit">Cancel</button>`,
    );

    // Another user cannot open or pay this session.
    expect((await request(url, newUserId('intruder'))).status).toBe(404);
    expect((await request(`${url}/pay`, newUserId('intruder'), { method: 'POST' })).status).toBe(404);

    const paid = await request(`${url}/pay`, userId, { method: 'POST' });
    expect(paid.status).toBe(303);
    const sessionId = url.split('/').pop() as string;
    expect(paid.headers.get('location')).toBe(`/stripe/success?session_id=${sessionId}`);

    const subscribed = await check(userId);
    expect(subscribed).toMatchObject({
      subscribed: true,
      subscription_plan: 'package_2',
      cancel_at_period_end: false,
    });
    const daysLeft = (Date.parse(subscribed.subscription_end as string) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThanOrEqual(31);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 10_025, available: 10_025 });
    expect(await subscriptionEvents(userId)).toEqual([
      {
        type: 'billing.subscription.updated',
        userId,
        data: {
          subscribed: true,
          plan: 'package_2',
          status: 'active',
          currentPeriodEnd: subscribed.subscription_end,
          cancelAtPeriodEnd: false,
          updatedAt: expect.any(String),
        },
      },
    ]);

    // The session is spent: paying again finds nothing and grants nothing.
    expect((await request(`${url}/pay`, userId, { method: 'POST' })).status).toBe(404);
    expect((await fixture.ledger.balance(userId)).balance).toBe(10_025);

    const cancelled = await postJson(BILLING_ENDPOINTS.cancel.path, userId);
    expect(cancelled.status).toBe(200);
    expect(ZSubscriptionActionResponseSchema.parse(await cancelled.json()).success).toBe(true);
    expect(await check(userId)).toEqual({ ...subscribed, cancel_at_period_end: true });

    const reactivated = await postJson(BILLING_ENDPOINTS.reactivate.path, userId);
    expect(reactivated.status).toBe(200);
    expect(ZSubscriptionActionResponseSchema.parse(await reactivated.json()).success).toBe(true);
    expect(await check(userId)).toEqual(subscribed);

    const flags = (await subscriptionEvents(userId)).map(
      (event) => (event.data as { cancelAtPeriodEnd: boolean }).cancelAtPeriodEnd,
    );
    expect(flags).toEqual([false, true, false]);
    expect((await fixture.ledger.balance(userId)).balance).toBe(10_025);
  });

  it('sends Cancel back to the pricing screen without a subscription', async () => {
    const userId = newUserId('undecided');
    const url = await checkout(userId, 'package_1');
    const response = await request(`${url}/cancel`, userId, { method: 'POST' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pricing?checkout=cancelled');
    expect((await request(url, userId)).status).toBe(404);
    expect((await check(userId)).subscribed).toBe(false);
    expect(await subscriptionEvents(userId)).toEqual([]);
  });

  it('refuses to cancel or reactivate without a subscription, with the spec messages', async () => {
    const userId = newUserId('free');
    const cancel = await postJson(BILLING_ENDPOINTS.cancel.path, userId);
    expect(cancel.status).toBe(404);
    expect(await cancel.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Failed to cancel subscription. Please try again.' },
    });
    const reactivate = await postJson(BILLING_ENDPOINTS.reactivate.path, userId);
    expect(await reactivate.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Failed to reactivate subscription. Please try again.' },
    });
  });

  it('validates the plan and requires a session', async () => {
    const response = await postJson(BILLING_ENDPOINTS.checkout.path, newUserId('picky'), { planId: 'trial' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    for (const [path, method] of [
      [BILLING_ENDPOINTS.checkout.path, 'POST'],
      [BILLING_ENDPOINTS.subscription.path, 'GET'],
      [BILLING_ENDPOINTS.cancel.path, 'POST'],
      [`${SANDBOX_CHECKOUT_PATH}/cs_sandbox_x`, 'GET'],
    ] as const) {
      const anonymous = await service.app.request(path, { method });
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('Change Plan: buying Professional on Starter cancels the Starter subscription at the sandbox once', async () => {
    const userId = newUserId('upgrade');
    const deletions = async () =>
      Number(
        (
          await fixture.database.sql`
            select count(*) from billing.stripe_events where type = 'customer.subscription.deleted'`
        )[0]?.count,
      );
    await buy(userId, 'package_1');
    const starter = (await subscriptionRowOf(userId))?.stripeSubscriptionId;
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: 'package_1' });
    const deletedBefore = await deletions();

    await buy(userId, 'package_2');
    const professional = (await subscriptionRowOf(userId))?.stripeSubscriptionId;
    expect(professional).not.toBe(starter);
    expect(await deletions()).toBe(deletedBefore + 1);
    const [replaced] = await fixture.database.db
      .select()
      .from(replacedSubscriptions)
      .where(eq(replacedSubscriptions.userId, userId));
    expect(replaced).toMatchObject({
      stripeSubscriptionId: starter,
      replacedBy: professional,
      plan: 'package_1',
      cancelledAt: expect.any(Date),
    });
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: 'package_2' });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 15_000 });
    expect((await subscriptionEvents(userId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ subscribed: true, plan: 'package_1' }),
      expect.objectContaining({ subscribed: true, plan: 'package_2' }),
    ]);
  });

  it('pays a session once when Pay is clicked twice at once', async () => {
    const userId = newUserId('double');
    const url = await checkout(userId, 'package_1');
    const statuses = await Promise.all(
      [1, 2].map(async () => (await request(`${url}/pay`, userId, { method: 'POST' })).status),
    );
    expect(statuses.sort()).toEqual([303, 404]);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 5_000 });
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: 'package_1' });
  });

  it('four checkouts paid at once each grant their plan credits; one subscription stays, the other three are cancelled', async () => {
    const userId = newUserId('rush');
    const plans = ['package_1', 'package_2', 'package_3', 'package_2'] as const;
    const urls = await Promise.all(plans.map((plan) => checkout(userId, plan)));
    const paid = await Promise.all(urls.map((url) => request(`${url}/pay`, userId, { method: 'POST' })));
    expect(paid.map((response) => response.status)).toEqual([303, 303, 303, 303]);

    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(rows.map((row) => [row.reason, row.plan]).sort()).toEqual(
      plans.map((plan) => ['plan_grant', plan]).sort(),
    );
    expect(brokenChainLinks(rows)).toEqual([]);
    expect((await fixture.ledger.balance(userId)).balance).toBe(5_000 + 10_000 + 20_000 + 10_000);
    const current = await subscriptionRowOf(userId);
    expect(current?.status).toBe('active');
    const replaced = await fixture.database.db
      .select()
      .from(replacedSubscriptions)
      .where(eq(replacedSubscriptions.userId, userId));
    expect(replaced).toHaveLength(3);
    expect(replaced.every((row) => row.cancelledAt !== null)).toBe(true);
    expect(replaced.map((row) => row.stripeSubscriptionId)).not.toContain(current?.stripeSubscriptionId);
    expect(await check(userId)).toMatchObject({ subscribed: true, subscription_plan: current?.plan });
  });
});

describe('sandbox payments: credit packs (top-ups)', () => {
  const { started, request, postJson, buy } = useSandboxService();
  let fixture: TLedgerFixture;
  beforeAll(() => {
    ({ fixture } = started());
  });
  const topUp = async (userId: string) => {
    const response = await postJson(BILLING_ENDPOINTS.topUp.path, userId, { packId: 'credits_1000' });
    expect(response.status).toBe(200);
    return ZCheckoutResponseSchema.parse(await response.json()).url;
  };
  const invoicesOf = async (userId: string) =>
    ZInvoiceListSchema.parse(await (await request(BILLING_ENDPOINTS.invoices.path, userId)).json()).invoices;

  it('refuses a user without a plan, with a message that says why', async () => {
    const response = await postJson(BILLING_ENDPOINTS.topUp.path, newUserId('trial'), {
      packId: 'credits_1000',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: TOP_UP_NEEDS_PLAN_MESSAGE },
    });
  });

  it('a subscriber pays a pack once on the sandbox page and gets 1,000 credits once, even when its events are delivered again', async () => {
    const userId = newUserId('topup');
    await buy(userId, 'package_1');
    const url = await topUp(userId);
    expect(url).toMatch(new RegExp(`^${SANDBOX_CHECKOUT_PATH}/cs_sandbox_\\w+$`));
    const page = await (await request(url, userId)).text();
    expect(page).toContain('Prospector credit pack — 1,000 credits');
    expect(page).toContain('$19.00 <span>once</span>');
    expect(page).toContain('Credits added now</dt><dd>1,000');

    // Before paying there is nothing to resend.
    expect((await request(`${url}/resend-events`, userId, { method: 'POST' })).status).toBe(404);
    const paid = await request(`${url}/pay`, userId, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/dashboard/billing?from_payment=success');
    expect((await fixture.ledger.balance(userId)).balance).toBe(6_000);

    // The webhook again, and again under new ids, at once and one after the other: one grant, one invoice.
    const resent = await Promise.all(
      [1, 2, 3].map(() => request(`${url}/resend-events`, userId, { method: 'POST' })),
    );
    expect(resent.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await resent[0]?.json()).toEqual({ delivered: 2 });
    // Nobody else can resend another user's payment.
    expect((await request(`${url}/resend-events`, newUserId('other'), { method: 'POST' })).status).toBe(404);

    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(rows.filter((row) => row.reason === 'top_up').map((row) => row.amount)).toEqual([1000]);
    expect(brokenChainLinks(rows)).toEqual([]);
    expect((await fixture.ledger.balance(userId)).balance).toBe(6_000);
    const invoices = await invoicesOf(userId);
    // Both were issued within the same second (Stripe's times are whole seconds), so in either order.
    expect(
      invoices
        .map((invoice) => [invoice.kind, invoice.plan, invoice.credits, invoice.amountCents])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['plan', 'package_1', null, 4700],
      ['top_up', null, 1000, 1900],
    ]);

    // The credit history says what the credits were.
    const history = ZCreditHistoryPageSchema.parse(
      await (await request(`${BILLING_ENDPOINTS.creditHistory.path}?page=1&pageSize=5`, userId)).json(),
    );
    expect(history.items[0]).toMatchObject({ amount: 1000, reason: 'top_up' });
    expect(history.items[0]?.description).toMatch(/^Credit pack — paid [A-Z][a-z]{2} \d{1,2}$/);

    // Paying the spent page again finds it spent.
    expect((await request(`${url}/pay`, userId, { method: 'POST' })).status).toBe(404);
  });

  it('a plan purchase replayed through resend-events grants its plan once too', async () => {
    const userId = newUserId('plan-replay');
    const response = await postJson(BILLING_ENDPOINTS.checkout.path, userId, { planId: 'package_2' });
    const { url } = ZCheckoutResponseSchema.parse(await response.json());
    expect((await request(`${url}/pay`, userId, { method: 'POST' })).status).toBe(303);
    const resent = await request(`${url}/resend-events`, userId, { method: 'POST' });
    expect(await resent.json()).toEqual({ delivered: 6 });
    expect((await fixture.ledger.balance(userId)).balance).toBe(10_000);
    expect(await invoicesOf(userId)).toHaveLength(1);
  });
});

describe('sandbox payments: a subscription cancelled at period end ends when the period does', () => {
  let clock = new Date('2026-03-01T12:00:00.000Z');
  const { postJson, check, subscriptionEvents, buy, subscriptionRowOf } = useSandboxService({
    ...DEFAULT_BILLING_CONFIG,
    now: () => clock,
    subscriptionSweepIntervalMs: 50,
  });
  const sweeperPasses = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('sends the deleted event once the period is over, so check-subscription and the profile agree', async () => {
    const userId = newUserId('lapsing');
    await buy(userId, 'package_1');
    expect((await postJson(BILLING_ENDPOINTS.cancel.path, userId)).status).toBe(200);
    const cancelled = await check(userId);
    expect(cancelled).toEqual({
      subscribed: true,
      subscription_plan: 'package_1',
      subscription_end: '2026-04-01T12:00:00.000Z',
      cancel_at_period_end: true,
    });

    // Still inside the paid period: nothing ends.
    clock = new Date('2026-04-01T11:59:59.000Z');
    await sweeperPasses();
    expect(await check(userId)).toEqual(cancelled);
    expect((await subscriptionRowOf(userId))?.status).toBe('active');

    clock = new Date('2026-04-01T12:00:01.000Z');
    await expect
      .poll(async () => (await subscriptionRowOf(userId))?.status, { timeout: 5_000 })
      .toBe('canceled');
    expect(await check(userId)).toEqual({
      subscribed: false,
      subscription_plan: 'none',
      subscription_end: null,
      cancel_at_period_end: false,
    });
    expect((await subscriptionEvents(userId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ subscribed: true, plan: 'package_1', cancelAtPeriodEnd: false }),
      expect.objectContaining({ subscribed: true, plan: 'package_1', cancelAtPeriodEnd: true }),
      {
        subscribed: false,
        plan: 'none',
        status: 'canceled',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        updatedAt: '2026-04-01T12:00:01.000Z',
      },
    ]);
    await sweeperPasses();
    expect(await subscriptionEvents(userId)).toHaveLength(3);
  });
});
