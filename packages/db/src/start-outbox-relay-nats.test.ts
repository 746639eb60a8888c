import { fileURLToPath } from 'node:url';
import { createNatsBus, type TEventBus, type TSubscription } from '@prospector/bus';
import {
  natsServerForTests,
  startPrivateNatsServer,
  type TPrivateNatsServer,
  uniqueNamespace,
} from '@prospector/bus/testing';
import { createEvent, type TEventEnvelope } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type TDatabase } from './create-database.ts';
import { enqueueEvent } from './enqueue-event.ts';
import { orders, outbox } from './fixtures/sample-schema.ts';
import { runMigrations } from './run-migrations.ts';
import { startOutboxRelay, type TOutboxRelay } from './start-outbox-relay.ts';
import { createTestDatabase, type TTestDatabase } from './testing.ts';

const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixtures/drizzle', import.meta.url));
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
// The test stops and restarts its own server, so it needs the binary rather than NATS_URL.
const hasNats = natsServerForTests('outbox relay on NATS JetStream');

describe.skipIf(!hasNats)('outbox relay on NATS JetStream', () => {
  let nats: TPrivateNatsServer | undefined;
  let bus: TEventBus | undefined;
  let testDatabase: TTestDatabase | undefined;
  let database: TDatabase | undefined;
  let subscription: TSubscription | undefined;
  let relay: TOutboxRelay | undefined;
  let received: TEventEnvelope[];

  beforeEach(async () => {
    // A private server, because this test stops and restarts it.
    nats = await startPrivateNatsServer();
    bus = await createNatsBus({ url: nats.url, namespace: uniqueNamespace('db'), logger: quietLogger });
    await bus.ensureStreams();
    received = [];
    subscription = await bus.consume(
      { durable: 'outbox-nats-test', stream: 'CREDITS', filterSubjects: ['credits.granted'] },
      async (delivery) => {
        received.push(delivery.event);
      },
    );
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'sample', max: 4, logger: quietLogger });
    await runMigrations(database, { migrationsFolder: FIXTURE_MIGRATIONS, schemaName: 'sample' });
  });

  // Every step is optional: a setup that failed halfway must still leave no server running.
  afterEach(async () => {
    await relay?.stop();
    await subscription?.stop();
    await bus?.drain();
    await nats?.dispose();
    await database?.close();
    await testDatabase?.drop();
    relay = subscription = bus = nats = database = testDatabase = undefined;
  });

  function requireSetup() {
    if (!nats || !bus || !database) throw new Error('beforeEach did not finish');
    return { nats, bus, database };
  }

  it('delivers an event committed while NATS is down exactly once after it comes back', async () => {
    const { nats, bus, database } = requireSetup();
    const event = createEvent('credits.granted', 'user-1', {
      amount: 5,
      balance: 5,
      available: 5,
      reason: 'plan_grant',
      reference: null,
    });
    await nats.stop();
    relay = startOutboxRelay({
      database,
      outbox,
      bus,
      logger: quietLogger,
      pollIntervalMs: 100,
      retryBaseMs: 100,
      retryMaxMs: 500,
    });

    await database.db.transaction(async (tx) => {
      await tx.insert(orders).values({ id: crypto.randomUUID(), userId: 'user-1', amount: 5 });
      await enqueueEvent(tx, outbox, event);
    });
    const readRow = async () => (await database.db.select().from(outbox).where(eq(outbox.id, event.id)))[0];
    await vi.waitFor(async () => expect((await readRow())?.lastError).toBeTruthy(), { timeout: 20_000 });
    expect((await readRow())?.publishedAt).toBeNull();

    await nats.start();
    await vi.waitFor(async () => expect((await readRow())?.publishedAt).not.toBeNull(), { timeout: 30_000 });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    // Publishes retried after a timeout may have reached the server too; JetStream must drop them.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(received.map((delivered) => delivered.id)).toEqual([event.id]);
    expect(received[0]).toEqual(event);
    const row = await readRow();
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(row?.lastError).toBeNull();
  }, 90_000);
});
