import { fileURLToPath } from 'node:url';
import { createMemoryBus, type TEventBus, type TMemoryBus, type TSubscription } from '@prospector/bus';
import { createEvent, type TEventEnvelope } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type TDatabase } from './create-database.ts';
import { enqueueEvent, enqueueEvents } from './enqueue-event.ts';
import { orders, outbox } from './fixtures/sample-schema.ts';
import { runMigrations } from './run-migrations.ts';
import { startOutboxRelay, type TOutboxRelay, type TStartOutboxRelayOptions } from './start-outbox-relay.ts';
import { createTestDatabase, type TTestDatabase } from './testing.ts';

const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixtures/drizzle', import.meta.url));
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Records every publish the relay completed, before any de-duplication the bus may apply. */
function recordPublishes(bus: Pick<TEventBus, 'publish'>, failOnCalls: number[] = []) {
  const published: TEventEnvelope[] = [];
  let calls = 0;
  return {
    published,
    bus: {
      async publish(event: TEventEnvelope) {
        calls += 1;
        if (failOnCalls.includes(calls)) throw new Error(`publish call ${calls} refused by the test`);
        await bus.publish(event);
        published.push(event);
      },
    },
  };
}

function createCreditEvent(userId: string, amount: number): TEventEnvelope {
  return createEvent('credits.granted', userId, {
    amount,
    balance: amount,
    available: amount,
    reason: 'plan_grant',
    reference: null,
  });
}

describe('outbox relay', () => {
  let testDatabase: TTestDatabase;
  let database: TDatabase;
  let bus: TMemoryBus;
  let subscription: TSubscription;
  let received: TEventEnvelope[];
  const relays: TOutboxRelay[] = [];

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'sample', max: 4, logger: quietLogger });
    await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' });
    bus = createMemoryBus({ logger: quietLogger });
    await bus.ensureStreams();
    received = [];
    subscription = await bus.consume({ durable: 'outbox-test', stream: 'CREDITS' }, async (delivery) => {
      received.push(delivery.event);
    });
  });

  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
    await subscription.stop();
    await bus.drain();
    await database.close();
    await testDatabase.drop();
  });

  function startRelay(options: Partial<TStartOutboxRelayOptions> & Pick<TStartOutboxRelayOptions, 'bus'>) {
    const relay = startOutboxRelay({
      database,
      outbox,
      pollIntervalMs: 50,
      retryBaseMs: 20,
      retryMaxMs: 100,
      logger: quietLogger,
      ...options,
    });
    relays.push(relay);
    return relay;
  }

  /** The service's write: an order and the events describing it, committed or rolled back together. */
  async function placeOrder(events: TEventEnvelope[], options: { rollBack?: boolean } = {}) {
    const userId = events[0]?.userId ?? 'user-1';
    await database.db.transaction(async (tx) => {
      await tx.insert(orders).values({ id: crypto.randomUUID(), userId, amount: events.length });
      for (const event of events) await enqueueEvent(tx, outbox, event);
      if (options.rollBack) tx.rollback();
    });
  }

  async function readOutboxRow(id: string) {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  it('deletes published rows once older than the retention, never an unpublished one', async () => {
    const relay = startRelay({ bus, keepPublishedMs: 60_000 });
    const [old, recent] = [createCreditEvent('user-1', 1), createCreditEvent('user-1', 2)];
    await placeOrder([old, recent]);
    await vi.waitFor(async () => expect((await readOutboxRow(recent.id))?.publishedAt).not.toBeNull());
    bus.setAvailable(false);
    const unpublished = createCreditEvent('user-1', 3);
    await placeOrder([unpublished]);
    // Published two minutes ago, and one written long ago that never went out.
    await database.sql`update sample.outbox set published_at = now() - interval '2 minutes' where id = ${old.id}`;
    await database.sql`update sample.outbox set created_at = now() - interval '2 days' where id = ${unpublished.id}`;
    expect(await relay.prune()).toBe(1);
    expect(await readOutboxRow(old.id)).toBeUndefined();
    expect(await readOutboxRow(recent.id)).toBeDefined();
    expect((await readOutboxRow(unpublished.id))?.publishedAt).toBeNull();
  });

  it("reports the oldest unpublished row's age while the bus is down, and none once it is published", async () => {
    bus.setAvailable(false);
    const relay = startRelay({ bus });
    expect(relay.oldestUnpublishedAt()).toBeNull();
    const before = Date.now();
    await placeOrder([createCreditEvent('user-1', 1)]);
    await vi.waitFor(() => expect(relay.oldestUnpublishedAt()).not.toBeNull());
    expect(relay.oldestUnpublishedAt()?.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    bus.setAvailable(true);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(relay.oldestUnpublishedAt()).toBeNull());
  });

  it('publishes an event committed with its state change exactly once, even when the bus is down at first', async () => {
    const recorder = recordPublishes(bus);
    const event = createCreditEvent('user-1', 5);
    bus.setAvailable(false);
    startRelay({ bus: recorder.bus });

    await placeOrder([event]);
    await vi.waitFor(async () =>
      expect((await readOutboxRow(event.id))?.lastError).toMatch(/unavailable|publish/i),
    );
    expect(recorder.published).toEqual([]);
    expect((await readOutboxRow(event.id))?.publishedAt).toBeNull();

    bus.setAvailable(true);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    // Give a duplicate every chance to show up before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(received.map((delivered) => delivered.id)).toEqual([event.id]);
    expect(received[0]).toEqual(event);
    expect(recorder.published.map((published) => published.id)).toEqual([event.id]);
    const row = await readOutboxRow(event.id);
    expect(row?.publishedAt).not.toBeNull();
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(row?.lastError).toBeNull();
    expect(await database.db.select().from(orders)).toHaveLength(1);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const recorder = recordPublishes(bus);
    const relay = startRelay({ bus: recorder.bus });

    await expect(placeOrder([createCreditEvent('user-1', 5)], { rollBack: true })).rejects.toThrow(
      /rollback/i,
    );

    expect(await relay.flush()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recorder.published).toEqual([]);
    expect(received).toEqual([]);
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await database.db.select().from(orders)).toEqual([]);
  });

  it('keeps the order of events across transactions and past a failed publish', async () => {
    // The third publish fails: it must be retried before the fourth and fifth go out.
    const recorder = recordPublishes(bus, [3]);
    const relay = startRelay({ bus: recorder.bus, pollIntervalMs: 60_000 });
    const first = [1, 2, 3].map((amount) => createCreditEvent('user-1', amount));
    const second = [4, 5].map((amount) => createCreditEvent('user-2', amount));
    await placeOrder(first);
    await placeOrder(second);

    // The commit notification may already have woken the relay, so how much each flush publishes
    // depends on timing; what is published, and in which order, does not.
    await relay.flush();
    await relay.flush();

    const expectedIds = [...first, ...second].map((event) => event.id);
    await vi.waitFor(() => expect(received).toHaveLength(5));
    expect(recorder.published.map((event) => event.id)).toEqual(expectedIds);
    expect(received.map((event) => event.id)).toEqual(expectedIds);
    const retried = await readOutboxRow(first[2]?.id ?? '');
    expect(retried?.attempts).toBe(2);
    expect(retried?.publishedAt).not.toBeNull();
  });

  it('publishes events enqueued together once each, in the order given', async () => {
    startRelay({ bus });
    const events = [1, 2, 3, 4].map((amount) => createCreditEvent('user-1', amount));
    await database.db.transaction(async (tx) => {
      await tx.insert(orders).values({ id: crypto.randomUUID(), userId: 'user-1', amount: events.length });
      await enqueueEvents(tx, outbox, events);
    });

    await vi.waitFor(() => expect(received).toHaveLength(4));
    expect(received.map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it('wakes on commit instead of waiting for its next poll', async () => {
    const recorder = recordPublishes(bus);
    startRelay({ bus: recorder.bus, pollIntervalMs: 60_000 });
    // The relay's LISTEN connection shows up in pg_stat_activity once it is subscribed.
    await vi.waitFor(async () => {
      const [row] = await database.sql<{ listening: number }[]>`
        select count(*)::int as listening from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`;
      expect(row?.listening).toBe(1);
    });
    const event = createCreditEvent('user-1', 7);

    await placeOrder([event]);

    await vi.waitFor(() => expect(recorder.published.map((published) => published.id)).toEqual([event.id]), {
      timeout: 3_000,
    });
    await vi.waitFor(() => expect(received.map((delivered) => delivered.id)).toEqual([event.id]));
  });

  it('publishes each event once and in order when two relays share the table', async () => {
    const recorder = recordPublishes(bus);
    const events = Array.from({ length: 40 }, (_, index) => createCreditEvent(`user-${index % 3}`, index));
    startRelay({ bus: recorder.bus, pollIntervalMs: 10, batchSize: 5 });
    startRelay({ bus: recorder.bus, pollIntervalMs: 10, batchSize: 5 });

    for (let index = 0; index < events.length; index += 4) await placeOrder(events.slice(index, index + 4));

    await vi.waitFor(() => expect(received).toHaveLength(events.length), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const expectedIds = events.map((event) => event.id);
    expect(recorder.published.map((event) => event.id)).toEqual(expectedIds);
    expect(received.map((event) => event.id)).toEqual(expectedIds);
    const unpublished = await database.sql`select id from sample.outbox where published_at is null`;
    expect(unpublished).toHaveLength(0);
  });

  it('refuses an invalid envelope inside the transaction, so nothing is stored', async () => {
    const invalid = { ...createCreditEvent('user-1', 1), id: 'not-a-uuid' };

    await expect(placeOrder([invalid])).rejects.toThrow(/uuid/i);

    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await database.db.select().from(orders)).toEqual([]);
  });
});
