import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerFixture,
  newUserId,
  stripeEvent,
  stripeSubscription,
  type TLedgerFixture,
} from '../_factories.ts';
import { replacedSubscriptions } from '../db/schema.ts';
import type { TProviderSubscription } from './payment-provider.ts';
import { CLAIM_LEASE_MS, createReplacedSubscriptionCanceller } from './replaced-subscriptions.ts';
import { createStripeEventProcessor } from './stripe-events/stripe-event-processor.ts';

/** A provider whose cancellations answer as each test says: done, refused, or never (a dead pass). */
function scriptedProvider() {
  const asked: string[] = [];
  let answer: 'done' | 'refuse' | 'hang' = 'done';
  return {
    asked,
    answer: (next: typeof answer) => {
      answer = next;
    },
    async cancelNow(subscription: TProviderSubscription) {
      asked.push(subscription.stripeSubscriptionId ?? '');
      if (answer === 'refuse') throw new Error('The provider refused');
      if (answer === 'hang') await new Promise(() => undefined);
    },
  };
}

describe('cancelling replaced subscriptions at the provider', () => {
  let fixture: TLedgerFixture;
  let clock = new Date('2026-11-23T10:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    fixture = await createLedgerFixture(4);
  });
  afterAll(async () => {
    await fixture.close();
  });

  async function replacedRow(label: string) {
    const userId = newUserId(label);
    const id = `sub_old_${userId}`;
    await fixture.database.db.insert(replacedSubscriptions).values({
      stripeSubscriptionId: id,
      userId,
      stripeCustomerId: `cus_${userId}`,
      plan: 'package_1',
      replacedBy: `sub_new_${userId}`,
      replacedAt: clock,
    });
    return { userId, id };
  }

  async function stateOf(id: string) {
    const [row] = await fixture.database.db
      .select({
        cancelledAt: replacedSubscriptions.cancelledAt,
        claimedUntil: replacedSubscriptions.claimedUntil,
      })
      .from(replacedSubscriptions)
      .where(eq(replacedSubscriptions.stripeSubscriptionId, id));
    return row;
  }

  it('asks once however many passes run at the same time, and records the cancellation after', async () => {
    const provider = scriptedProvider();
    const canceller = createReplacedSubscriptionCanceller(fixture.database.db, provider.cancelNow, now);
    const { id } = await replacedRow('parallel');
    const counts = await Promise.all(Array.from({ length: 8 }, () => canceller.cancel([id])));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(provider.asked).toEqual([id]);
    expect(await stateOf(id)).toEqual({ cancelledAt: clock, claimedUntil: null });
    expect(await canceller.cancelPending()).toBe(0);
    expect(provider.asked).toEqual([id]);
  });

  it('asks again on the next pass after a refusal, and records nothing as cancelled meanwhile', async () => {
    const provider = scriptedProvider();
    const canceller = createReplacedSubscriptionCanceller(fixture.database.db, provider.cancelNow, now);
    const { id } = await replacedRow('refused');
    provider.answer('refuse');
    await expect(canceller.cancel([id])).rejects.toThrow('1 replaced subscription(s) could not be cancelled');
    expect(await stateOf(id)).toEqual({ cancelledAt: null, claimedUntil: null });
    provider.answer('done');
    await canceller.cancelPending();
    expect(provider.asked).toEqual([id, id]);
    expect((await stateOf(id))?.cancelledAt).toEqual(clock);
  });

  it('leaves a pass that died after claiming to its lease, then asks again — never marks it cancelled unasked', async () => {
    const provider = scriptedProvider();
    const canceller = createReplacedSubscriptionCanceller(fixture.database.db, provider.cancelNow, now);
    const { id } = await replacedRow('died');
    provider.answer('hang');
    void canceller.cancel([id]); // never settles: the process died waiting for the provider
    await expect.poll(() => provider.asked.length).toBe(1);
    expect(await stateOf(id)).toEqual({
      cancelledAt: null,
      claimedUntil: new Date(clock.getTime() + CLAIM_LEASE_MS),
    });

    provider.answer('done');
    expect(await canceller.cancelPending()).toBe(0);
    expect(provider.asked).toEqual([id]);

    clock = new Date(clock.getTime() + CLAIM_LEASE_MS);
    expect(await canceller.cancelPending()).toBe(1);
    expect(provider.asked).toEqual([id, id]);
    expect(await stateOf(id)).toEqual({ cancelledAt: clock, claimedUntil: null });
  });

  it('an erasure asks even while another pass holds the claim, so no row is deleted unasked', async () => {
    const provider = scriptedProvider();
    const canceller = createReplacedSubscriptionCanceller(fixture.database.db, provider.cancelNow, now);
    const { id, userId } = await replacedRow('erased');
    provider.answer('hang');
    void canceller.cancelPending();
    await expect.poll(() => provider.asked.includes(id)).toBe(true);

    provider.answer('refuse');
    await expect(canceller.cancelOfUser(userId)).rejects.toThrow(/could not be cancelled/);
    provider.answer('done');
    expect(await canceller.cancelOfUser(userId)).toBe(1);
    expect(provider.asked.filter((asked) => asked === id)).toHaveLength(3);
    expect((await stateOf(id))?.cancelledAt).toEqual(clock);
  });

  it('leaves the first ask to the event that replaced the subscription; the sweeper asks once that one was refused', async () => {
    const provider = scriptedProvider();
    const canceller = createReplacedSubscriptionCanceller(fixture.database.db, provider.cancelNow, now);
    const processor = createStripeEventProcessor(fixture.database.db, now);
    const userId = newUserId('replacing');
    const periodEnd = Math.floor(clock.getTime() / 1000) + 30 * 86_400;
    const created = (id: string) =>
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({ userId, id, periodEnd }),
      ) as unknown as Stripe.Event;
    const old = `sub_old_${userId}`;
    await processor.process(created(old));
    const { replaced, claim } = await processor.process(created(`sub_new_${userId}`));
    expect(replaced).toEqual([old]);
    expect(await stateOf(old)).toEqual({
      cancelledAt: null,
      claimedUntil: new Date(clock.getTime() + CLAIM_LEASE_MS),
    });

    // Committed, its own cancel not sent yet: the sweeper, or any other pass, leaves it to the event.
    await canceller.cancelPending();
    expect(await canceller.cancel([old])).toBe(0);
    expect(provider.asked).toEqual([]);

    provider.answer('refuse');
    await expect(canceller.cancel(replaced, claim)).rejects.toThrow(/could not be cancelled/);
    expect(provider.asked).toEqual([old]);
    provider.answer('done');
    await canceller.cancelPending();
    expect(provider.asked).toEqual([old, old]);
    expect(await stateOf(old)).toEqual({ cancelledAt: clock, claimedUntil: null });
  });
});
