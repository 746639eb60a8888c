import { createMemoryBus, createNatsBus, type TEventBus, type TSubscription } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import { createEvent } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerFixture, ledgerRowsOf, newUserId, type TLedgerFixture } from '../_factories.ts';
import type { TGrantInput, TGrantResult } from '../ledger/grant-credits.ts';
import { consumeAccountCreations, handleAccountCreated, trialGrantKey } from './account-created.ts';

const natsUrl = natsUrlForTests('[billing] trial grant over NATS JetStream');

function defineTrialGrantSuite(createTestBus: () => Promise<TEventBus>) {
  let fixture: TLedgerFixture;
  let bus: TEventBus;
  let subscription: TSubscription;
  const grants: Array<TGrantResult & { userId: string }> = [];
  const countingLedger = {
    async grant(input: TGrantInput) {
      const result = await fixture.ledger.grant(input);
      grants.push({ ...result, userId: input.userId });
      return result;
    },
  };

  beforeAll(async () => {
    fixture = await createLedgerFixture(4);
    bus = await createTestBus();
    await bus.ensureStreams();
    subscription = await consumeAccountCreations(countingLedger, bus);
  });

  afterAll(async () => {
    await subscription.stop();
    await bus.drain();
    await fixture.close();
  });

  it('grants the 25 trial credits once, however often accounts.created arrives', async () => {
    const userId = newUserId('trial');
    const envelopes = [1, 2, 3].map(() =>
      createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: 'Ada' }),
    );
    for (const envelope of envelopes) await bus.publish(envelope);
    // The same envelope published again: the bus drops it as a duplicate message id.
    await bus.publish(envelopes[0] as (typeof envelopes)[number]);
    const grantsOf = () => grants.filter((grant) => grant.userId === userId);
    await expect.poll(() => grantsOf().length, { timeout: 10_000 }).toBe(3);
    // A redelivery of an envelope already handled, as after an acknowledgement lost on the way.
    await handleAccountCreated(countingLedger)({
      subject: 'accounts.created',
      event: envelopes[0] as (typeof envelopes)[number],
      deliveryCount: 2,
    });

    expect(grantsOf()).toHaveLength(4);
    expect(grantsOf().filter((grant) => grant.granted)).toHaveLength(1);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 25, available: 25, held: 0 });
    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(rows.map((row) => [row.amount, row.reason, row.reference, row.idempotencyKey])).toEqual([
      [25, 'trial_grant', 'trial', trialGrantKey(userId)],
    ]);
  });
}

describe('trial grant on accounts.created (in-process bus)', () => {
  defineTrialGrantSuite(async () => createMemoryBus());
});

describe.skipIf(!natsUrl)('trial grant on accounts.created (NATS JetStream)', () => {
  defineTrialGrantSuite(() =>
    createNatsBus({ url: natsUrl as string, namespace: uniqueNamespace('billing'), name: 'billing-test' }),
  );
});
