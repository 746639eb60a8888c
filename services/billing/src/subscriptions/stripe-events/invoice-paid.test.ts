import { PLANS, type TPaidPlanId } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenChainLinks,
  createLedgerFixture,
  ledgerRowsOf,
  newUserId,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
  type TLedgerFixture,
} from '../../_factories.ts';
import { replacedSubscriptions, subscriptions } from '../../db/schema.ts';
import { createStripeEventProcessor, type TStripeEventProcessor } from './stripe-event-processor.ts';

const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;

/** Every order of `items`. */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

const asEvent = (type: string, object: object) => stripeEvent(type, object) as unknown as Stripe.Event;

/** The events of one subscription bought through Checkout: created, its first invoice paid, checkout completed. */
function purchase(userId: string, label: string, plan: TPaidPlanId) {
  const id = `sub_${label}_${userId}`;
  const invoiceId = `in_${label}_${userId}`;
  return {
    id,
    invoiceId,
    created: asEvent('customer.subscription.created', stripeSubscription({ userId, id, plan, periodEnd })),
    invoicePaid: asEvent('invoice.paid', stripeInvoice({ userId, id: invoiceId, subscriptionId: id, plan })),
    completed: asEvent('checkout.session.completed', {
      id: `cs_${label}_${userId}`,
      object: 'checkout.session',
      client_reference_id: userId,
      customer: `cus_${userId}`,
      subscription: id,
      metadata: { userId, plan },
    }),
  };
}

describe('invoice.paid: every paid invoice grants its plan credits exactly once, whatever the order', () => {
  let fixture: TLedgerFixture;
  let processor: TStripeEventProcessor;

  beforeAll(async () => {
    fixture = await createLedgerFixture(8);
    processor = createStripeEventProcessor(fixture.database.db);
  });
  afterAll(async () => {
    await fixture.close();
  });

  const grantsOf = async (userId: string) =>
    (await ledgerRowsOf(fixture.database, userId)).map((row) => [row.reference, row.amount, row.plan]);
  const rowOf = async (userId: string) =>
    (await fixture.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const replacedOf = (userId: string) =>
    fixture.database.db.select().from(replacedSubscriptions).where(eq(replacedSubscriptions.userId, userId));

  it("grants once in every order of its subscription's created, updated, deleted and paid events, replays included", async () => {
    const orders = permutations(['created', 'updated', 'deleted', 'paid'] as const);
    await Promise.all(
      orders.map(async (order) => {
        const userId = newUserId('order');
        const { id, invoiceId, created, invoicePaid } = purchase(userId, 'one', 'package_3');
        const events = {
          created,
          updated: asEvent(
            'customer.subscription.updated',
            stripeSubscription({ userId, id, plan: 'package_3', periodEnd }, { cancel_at_period_end: true }),
          ),
          deleted: asEvent(
            'customer.subscription.deleted',
            stripeSubscription({ userId, id, plan: 'package_3', periodEnd }, { status: 'canceled' }),
          ),
          paid: invoicePaid,
        };
        for (const name of order) await processor.process(events[name]);
        // Every event again, and the invoice once more under a new event id, as Stripe may send it.
        for (const name of order) expect((await processor.process(events[name])).handled).toBe(false);
        await processor.process(asEvent('invoice.paid', invoicePaid.data.object));
        expect(await grantsOf(userId), order.join(' → ')).toEqual([[invoiceId, 20_000, 'package_3']]);
      }),
    );
  });

  it('Change Plan: grants the invoices of the replaced and of the new subscription, in every order of their events', async () => {
    const orders = permutations(['oldCreated', 'oldPaid', 'newCreated', 'newPaid', 'newCompleted'] as const);
    expect(orders).toHaveLength(120);
    // Eight users at a time: each order on its own user.
    for (let start = 0; start < orders.length; start += 8) {
      await Promise.all(
        orders.slice(start, start + 8).map(async (order) => {
          const userId = newUserId('change');
          const starter = purchase(userId, 'starter', 'package_1');
          const professional = purchase(userId, 'professional', 'package_2');
          const events = {
            oldCreated: starter.created,
            oldPaid: starter.invoicePaid,
            newCreated: professional.created,
            newPaid: professional.invoicePaid,
            newCompleted: professional.completed,
          };
          for (const name of order) await processor.process(events[name]);
          const label = order.join(' → ');
          expect((await grantsOf(userId)).sort(), label).toEqual(
            [
              [starter.invoiceId, 5_000, 'package_1'],
              [professional.invoiceId, 10_000, 'package_2'],
            ].sort(),
          );
          // One subscription stays the user's; the other is recorded as replaced.
          const current = (await rowOf(userId))?.stripeSubscriptionId;
          const replaced = (await replacedOf(userId)).map((row) => row.stripeSubscriptionId);
          expect([current, ...replaced].sort(), label).toEqual([professional.id, starter.id].sort());
        }),
      );
    }
  });

  it('an invoice that names no plan grants the plan of its own subscription, even one the user moved off', async () => {
    const userId = newUserId('noplan');
    const starter = purchase(userId, 'starter', 'package_1');
    const enterprise = purchase(userId, 'enterprise', 'package_3');
    for (const event of [starter.created, enterprise.created, enterprise.invoicePaid]) {
      await processor.process(event);
    }
    expect((await replacedOf(userId)).map((row) => row.stripeSubscriptionId)).toEqual([starter.id]);
    // A renewal of the replaced Starter subscription, charged before its cancellation reached Stripe.
    const renewal = stripeInvoice({ userId, id: `in_renewal_${userId}`, subscriptionId: starter.id });
    renewal.parent.subscription_details.metadata = {} as typeof renewal.parent.subscription_details.metadata;
    await processor.process(asEvent('invoice.paid', renewal));
    expect(await grantsOf(userId)).toEqual([
      [enterprise.invoiceId, 20_000, 'package_3'],
      [renewal.id, 5_000, 'package_1'],
    ]);
    expect((await rowOf(userId))?.stripeSubscriptionId).toBe(enterprise.id);
  });

  it('an invoice of a subscription not known yet that names no owner fails, so Stripe sends it again, and grants once it is known', async () => {
    const userId = newUserId('early');
    const { created, invoiceId } = purchase(userId, 'one', 'package_2');
    const anonymous = stripeInvoice({ userId, id: invoiceId, subscriptionId: `sub_one_${userId}` });
    anonymous.parent.subscription_details.metadata =
      {} as typeof anonymous.parent.subscription_details.metadata;
    const early = asEvent('invoice.paid', anonymous);
    await expect(processor.process(early)).rejects.toThrow(/belongs to no known subscription/);
    expect(await grantsOf(userId)).toEqual([]);
    await processor.process(created);
    expect((await processor.process(early)).handled).toBe(true);
    expect(await grantsOf(userId)).toEqual([[invoiceId, 10_000, 'package_2']]);
  });

  it('four subscriptions of one user whose events arrive at once: every invoice grants, one subscription stays and three are replaced', async () => {
    const userId = newUserId('rush');
    const plans: TPaidPlanId[] = ['package_1', 'package_2', 'package_3', 'package_2'];
    const purchases = plans.map((plan, index) => purchase(userId, `rush${index}`, plan));
    const results = await Promise.all(
      purchases.map(async ({ created, invoicePaid, completed }) => {
        const replaced: string[] = [];
        for (const event of [created, invoicePaid, completed]) {
          replaced.push(...(await processor.process(event)).replaced);
        }
        return replaced;
      }),
    );
    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(rows.map((row) => row.reference).sort()).toEqual(purchases.map((p) => p.invoiceId).sort());
    expect(brokenChainLinks(rows)).toEqual([]);
    expect((await fixture.ledger.balance(userId)).balance).toBe(
      plans.reduce((sum, plan) => sum + PLANS[plan].credits, 0),
    );
    const current = (await rowOf(userId))?.stripeSubscriptionId;
    const replaced = (await replacedOf(userId)).map((row) => row.stripeSubscriptionId).sort();
    expect(replaced).toHaveLength(3);
    expect([current, ...replaced].sort()).toEqual(purchases.map((p) => p.id).sort());
    // Each replaced subscription was handed over for cancelling at the provider exactly once.
    expect(results.flat().sort()).toEqual(replaced);
  });
});
