import { createNatsBus, type TEventBus, type TSubscription } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import type { TEventEnvelope } from '@prospector/contracts';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerFixture,
  expectCaptured,
  expectHeld,
  grantRolledBack,
  headerIdentity,
  newUserId,
  type TLedgerFixture,
} from '../_factories.ts';
import { outbox } from '../db/schema.ts';
import { billingService } from '../service.ts';

const natsUrl = natsUrlForTests('[billing] credits.* events on NATS JetStream');

describe.skipIf(!natsUrl)('credits.* events on NATS JetStream', () => {
  let fixture: TLedgerFixture;
  let bus: TEventBus;
  let service: TRunningService;
  let subscription: TSubscription;
  const received: TEventEnvelope[] = [];

  beforeAll(async () => {
    fixture = await createLedgerFixture(4);
    bus = await createNatsBus({
      url: natsUrl as string,
      namespace: uniqueNamespace('billing'),
      name: 'billing-test',
    });
    await bus.ensureStreams();
    // A durable consumer reads what the CREDITS stream kept, after JetStream's de-duplication.
    subscription = await bus.consume(
      { durable: 'billing-events-test', stream: 'CREDITS' },
      async ({ event }) => {
        received.push(event);
      },
    );
    service = await startService(billingService, {
      database: fixture.database,
      bus,
      logger: createLogger({ test: 'events' }, 'silent'),
      identity: headerIdentity,
    });
  });

  afterAll(async () => {
    await service.stop();
    await subscription.stop();
    await bus.drain();
    await fixture.close();
  });

  it('publishes exactly one event per balance change, with the balance after it, and none for a rollback', async () => {
    const userId = newUserId('live');
    const { ledger, database } = fixture;
    const grantTen = () =>
      ledger.grant({
        userId,
        amount: 10,
        reason: 'plan_grant',
        idempotencyKey: `g:${userId}`,
        reference: 'inv-1',
      });
    await grantTen();
    await grantTen();
    const { hold } = await expectHeld(ledger.hold({ userId, amount: 3, runId: 'run-1', leaseMs: 60_000 }));
    await expectCaptured(ledger.capture({ holdId: hold.holdId, itemKey: 'item-1' }));
    await expectCaptured(ledger.capture({ holdId: hold.holdId, itemKey: 'item-1' }));
    await ledger.release(hold.holdId);
    await ledger.release(hold.holdId);
    await ledger.grant({
      userId,
      amount: 1,
      reason: 'refund',
      idempotencyKey: `r:${userId}`,
      reference: 'item-1',
    });
    expect(await ledger.hold({ userId, amount: 99, runId: 'run-2', leaseMs: 60_000 })).toEqual({
      refused: 'insufficient',
      needed: 99,
      available: 10,
    });
    await expect(grantRolledBack(database, userId, 'inv-2')).rejects.toThrow('the caller gave up');

    const mine = () => received.filter((event) => event.userId === userId);
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(5);
    await expect
      .poll(async () => (await database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length, {
        timeout: 10_000,
      })
      .toBe(0);
    // Anything extra would have arrived by now: the outbox is fully published.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(mine().map((event) => [event.type, event.data])).toEqual([
      [
        'credits.granted',
        { amount: 10, balance: 10, available: 10, reason: 'plan_grant', reference: 'inv-1' },
      ],
      ['credits.held', { amount: 3, balance: 10, available: 7, reason: 'hold', reference: 'run-1' }],
      ['credits.captured', { amount: 1, balance: 9, available: 7, reason: 'capture', reference: 'item-1' }],
      ['credits.released', { amount: 2, balance: 9, available: 9, reason: 'release', reference: 'run-1' }],
      ['credits.refunded', { amount: 1, balance: 10, available: 10, reason: 'refund', reference: 'item-1' }],
    ]);
    expect(new Set(mine().map((event) => event.id)).size).toBe(5);
    expect(await ledger.balance(userId)).toMatchObject({ balance: 10, available: 10, held: 0 });
  });
});
