import { fileURLToPath } from 'node:url';
import { createMemoryBus, createNatsBus, type TEventBus, type TSubscription } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import { ACCOUNT_RPC, AppError, createEvent, isPaywalled } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createMigratedTestDatabase } from '@prospector/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeSubscriptionUpdates } from '../consumers/subscription-updated.ts';
import { profiles, user } from '../db/schema.ts';
import { createProfileStore, type TProfileStore } from '../profiles/profile-store.ts';
import { answerToolAccessRequests } from './tool-access-replies.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

const natsUrl = natsUrlForTests('[account] rpc.account.tool-access over NATS');

function defineSuite(createBus: () => Promise<TEventBus>) {
  let bus: TEventBus;
  let database: TDatabase;
  let store: TProfileStore;
  const subscriptions: TSubscription[] = [];

  beforeAll(async () => {
    bus = await createBus();
    database = await createMigratedTestDatabase(
      { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'account' },
      { max: 4 },
    );
    store = createProfileStore(database);
    await bus.ensureStreams();
    subscriptions.push(
      await answerToolAccessRequests(store, bus),
      await consumeSubscriptionUpdates(store, bus),
    );
  });

  afterAll(async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await bus.drain();
    await database.close();
  });

  const newUser = async (label: string) => {
    const id = `${label}-${crypto.randomUUID().slice(0, 8)}`;
    await database.db.insert(user).values({ id, name: 'Ada Lovelace', email: `${id}@example.com` });
    return id;
  };
  const ask = async (userId: string) => bus.request(ACCOUNT_RPC.toolAccess, { userId });

  it("answers a new user's trial, starting it with the profile on this first read", async () => {
    const userId = await newUser('new');
    const before = Date.now();
    const answer = await ask(userId);
    expect(answer.subscriptionStatus).toBe('trial');
    expect(Date.parse(answer.trialStartedAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(isPaywalled(answer)).toBe(false);
    expect((await store.getOrCreate(userId)).trialStartedAt).toBe(answer.trialStartedAt);
  });

  it('answers an expired trial, and an active subscription once billing says so', async () => {
    const userId = await newUser('expired');
    await store.getOrCreate(userId);
    await database.db
      .update(profiles)
      .set({ trialStartedAt: new Date(Date.now() - 16 * DAY_MS) })
      .where(eq(profiles.userId, userId));
    const expired = await ask(userId);
    expect(expired.subscriptionStatus).toBe('trial');
    expect(isPaywalled(expired)).toBe(true);

    await bus.publish(
      createEvent('billing.subscription.updated', userId, {
        subscribed: true,
        plan: 'package_1',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        cancelAtPeriodEnd: false,
        updatedAt: new Date().toISOString(),
      }),
    );
    await expect.poll(async () => (await ask(userId)).subscriptionStatus, { timeout: 5_000 }).toBe('active');
    expect(isPaywalled(await ask(userId))).toBe(false);
    // The plan comes along, for the extractor's per-plan limits.
    expect((await ask(userId)).subscriptionPlan).toBe('package_1');
  });

  it('refuses a request without a user id', async () => {
    const refused = bus.request(ACCOUNT_RPC.toolAccess, {} as never);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
}

describe('rpc.account.tool-access (real PostgreSQL, in-process bus)', () => {
  defineSuite(async () => createMemoryBus());
});

describe.skipIf(!natsUrl)('rpc.account.tool-access (real PostgreSQL, NATS)', () => {
  defineSuite(() =>
    createNatsBus({ url: natsUrl as string, namespace: uniqueNamespace('account'), name: 'account-test' }),
  );
});
