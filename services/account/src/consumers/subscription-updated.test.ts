import { fileURLToPath } from 'node:url';
import { createMemoryBus, type TSubscription } from '@prospector/bus';
import { createEvent, type TSubscriptionChange } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createMigratedTestDatabase } from '@prospector/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, user } from '../db/schema.ts';
import { createProfileStore, type TProfileStore } from '../profiles/profile-store.ts';
import { consumeSubscriptionUpdates } from './subscription-updated.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

describe('billing.subscription.updated projection', () => {
  let database: TDatabase;
  let store: TProfileStore;
  let subscription: TSubscription;
  const bus = createMemoryBus();

  beforeAll(async () => {
    database = await createMigratedTestDatabase(
      { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'account' },
      { max: 4 },
    );
    store = createProfileStore(database);
    await bus.ensureStreams();
    subscription = await consumeSubscriptionUpdates(store, bus);
  });

  afterAll(async () => {
    await subscription.stop();
    await bus.drain();
    await database.close();
  });

  async function newProfile(id: string) {
    await database.db.insert(user).values({ id, name: 'Ada Lovelace', email: `${id}@example.com` });
    return store.getOrCreate(id);
  }

  const change = (overrides: Partial<TSubscriptionChange>): TSubscriptionChange => ({
    subscribed: true,
    plan: 'package_2',
    status: 'active',
    currentPeriodEnd: '2030-01-31T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    updatedAt: new Date().toISOString(),
    ...overrides,
  });

  const profileUpdates = async (userId: string) => {
    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.seq));
    return rows
      .filter((row) => row.type === 'accounts.updated' && row.payload.userId === userId)
      .map((row) => (row.payload.data as { profile: Record<string, unknown> }).profile);
  };

  it('turns the profile active on Professional after the purchase, and publishes accounts.updated', async () => {
    const before = await newProfile('buyer');
    expect(before).toMatchObject({ subscriptionStatus: 'trial', subscriptionPlan: 'none' });

    await bus.publish(createEvent('billing.subscription.updated', 'buyer', change({})));
    await expect
      .poll(async () => (await store.getOrCreate('buyer')).subscriptionStatus, { timeout: 5_000 })
      .toBe('active');
    const after = await store.getOrCreate('buyer');
    expect(after).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'package_2',
      subscriptionEndDate: '2030-01-31T12:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    expect(after).not.toHaveProperty('subscriptionUpdatedAt');
    expect(await profileUpdates('buyer')).toEqual([
      expect.objectContaining({
        userId: 'buyer',
        subscriptionStatus: 'active',
        subscriptionPlan: 'package_2',
      }),
    ]);
  });

  it('follows cancel and the end of the subscription, ignoring an older change that arrives late', async () => {
    await newProfile('leaver');
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    await store.applySubscription('leaver', change({ updatedAt: at(0) }));
    await store.applySubscription('leaver', change({ cancelAtPeriodEnd: true, updatedAt: at(1_000) }));
    expect(await store.getOrCreate('leaver')).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });

    const ended = change({
      subscribed: false,
      plan: 'none',
      status: 'canceled',
      currentPeriodEnd: null,
      updatedAt: at(2_000),
    });
    await store.applySubscription('leaver', ended);
    // A redelivered older state changes nothing.
    expect(await store.applySubscription('leaver', change({ updatedAt: at(500) }))).toBeUndefined();
    expect(await store.getOrCreate('leaver')).toMatchObject({
      subscriptionStatus: 'trial',
      subscriptionPlan: 'none',
      subscriptionEndDate: null,
      cancelAtPeriodEnd: false,
    });
    expect((await profileUpdates('leaver')).map((profile) => profile.subscriptionStatus)).toEqual([
      'active',
      'active',
      'trial',
    ]);
  });

  it('changes nothing for a user without a profile', async () => {
    expect(await store.applySubscription('ghost', change({}))).toBeUndefined();
    expect(await profileUpdates('ghost')).toEqual([]);
    expect(await database.db.select().from(user).where(eq(user.id, 'ghost'))).toEqual([]);
  });
});
