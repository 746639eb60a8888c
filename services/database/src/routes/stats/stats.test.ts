import { createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import {
  BILLING_RPC,
  createEvent,
  extractionChargeReference,
  type TExtractionStats,
} from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  headerIdentity,
  newUserId,
  profile,
  recordedEvent,
  startServiceFixture,
  type TServiceFixture,
} from '../../_factories.ts';
import { extractions } from '../../db/schema.ts';

/** Events reach the consumers in the background; a loaded machine takes its time. */
const WAIT = { timeout: 15_000, interval: 100 };

// The Database page's figures, with the real billing service beside the database service on one bus
// and one PostgreSQL: the credits are the ledger's.
describe('GET /api/database/stats', () => {
  let fixture: TServiceFixture;
  let billingDb: TDatabase;
  let billing: TRunningService;

  beforeAll(async () => {
    fixture = await startServiceFixture();
    billingDb = createDatabase({ url: fixture.url, schemaName: 'billing', max: 3 });
    billing = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
      database: billingDb,
      bus: fixture.bus,
      logger: createLogger({ test: 'stats' }, 'silent'),
      identity: headerIdentity,
    });
  });

  afterAll(async () => {
    await billing?.stop();
    await billingDb?.close();
    await fixture?.close();
  });

  const stats = (userId?: string) => fixture.request('/api/database/stats', { userId });
  const statsOf = async (userId: string) => (await (await stats(userId)).json()) as TExtractionStats;

  /** A user with the trial's 25 credits. */
  async function newUser(prefix: string) {
    const userId = newUserId(prefix);
    await fixture.bus.publish(
      createEvent('accounts.created', userId, { email: `${userId}@x.test`, name: userId }),
    );
    await vi.waitFor(
      async () => expect((await fixture.bus.request(BILLING_RPC.balance, { userId })).balance).toBe(25),
      WAIT,
    );
    return userId;
  }

  /**
   * A run as the extractor makes one: a hold, a capture per account with an e-mail under the item's
   * charge reference, each account recorded with what its capture charged (0 when another run had paid
   * for the account), then the hold released.
   */
  async function run(userId: string, usernames: string[]) {
    const runId = crypto.randomUUID();
    const held = await fixture.bus.request(BILLING_RPC.hold, {
      userId,
      runId,
      amount: usernames.length,
      leaseMs: 60_000,
    });
    if ('refused' in held) throw new Error(`The hold was refused: ${JSON.stringify(held)}`);
    const items = await Promise.all(
      usernames.map(async (username) => {
        const itemId = crypto.randomUUID();
        const captured = await fixture.bus.request(BILLING_RPC.capture, {
          holdId: held.hold.holdId,
          itemKey: extractionChargeReference(runId, itemId, username),
        });
        if ('refused' in captured) throw new Error(`The capture was refused: ${JSON.stringify(captured)}`);
        return { username, itemId, charged: captured.charged };
      }),
    );
    await fixture.bus.request(BILLING_RPC.release, { holdId: held.hold.holdId });
    return { runId, items };
  }

  async function record(userId: string, { runId, items }: Awaited<ReturnType<typeof run>>) {
    for (const { username, itemId, charged } of items) {
      const data = profile(username, { public_email: `${username}@shop.example.com` });
      await fixture.bus.publish(
        recordedEvent(userId, {
          itemId,
          runId,
          username,
          emailFound: true,
          creditsUsed: charged ? 1 : 0,
          extractionData: data,
        }),
      );
    }
  }

  it('refuses a signed-out request', async () => {
    const response = await stats();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('reports zeros for a user with no extractions yet', async () => {
    const response = await stats(newUserId('newcomer'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      totalExtractions: 0,
      withEmail: 0,
      creditsUsed: 0,
      successRate: 0,
    });
  });

  it('counts the credits the ledger charged: two overlapping runs that fetched one account show 15, not 14', async () => {
    const userId = await newUser('overlap');
    const shared = 'shared.account';
    const first = await run(userId, [...Array.from({ length: 7 }, (_, index) => `first.${index}`), shared]);
    const second = await run(userId, [...Array.from({ length: 7 }, (_, index) => `second.${index}`), shared]);
    // The second run's capture of the shared account found it paid for: it charged nothing.
    expect(second.items.find((item) => item.username === shared)?.charged).toBe(false);
    // Both record it; the later recording (which cost nothing) is what the saved record keeps.
    await record(userId, first);
    await record(userId, second);
    await vi.waitFor(async () => {
      expect((await statsOf(userId)).totalExtractions).toBe(15);
      const [saved] = await fixture.database.db
        .select({ creditsUsed: extractions.creditsUsed })
        .from(extractions)
        .where(and(eq(extractions.userId, userId), eq(extractions.instagramUsername, shared)));
      expect(saved?.creditsUsed).toBe(0);
    }, WAIT);

    expect((await fixture.bus.request(BILLING_RPC.balance, { userId })).balance).toBe(10);
    expect(await statsOf(userId)).toEqual({
      totalExtractions: 15,
      withEmail: 15,
      creditsUsed: 15,
      successRate: 100,
    });

    // A refund of an undeliverable e-mail gives its credit back: it no longer counts as used.
    const refunded = await fixture.bus.request(BILLING_RPC.refund, {
      userId,
      chargeReference: extractionChargeReference(first.runId, first.items[0]?.itemId as string, 'first.0'),
      email: 'first.0@shop.example.com',
      reason: 'no mail server for this domain',
    });
    expect(refunded).toMatchObject({ outcome: 'refunded', amount: 1 });
    expect((await statsOf(userId)).creditsUsed).toBe(14);
  });

  it("counts only the signed-in user's extractions and charges", async () => {
    const [ada, bob] = [await newUser('ada'), await newUser('bob')];
    await record(ada, await run(ada, ['one', 'two', 'three']));
    await record(bob, await run(bob, ['one']));
    // A record without an e-mail, which cost nothing.
    await fixture.database.db.insert(extractions).values({
      ownerKey: ada,
      userId: ada,
      instagramUsername: 'four',
      emailFound: false,
      creditsUsed: 0,
      extractionData: profile('four'),
      publicEmail: null,
    });
    await vi.waitFor(async () => expect((await statsOf(bob)).totalExtractions).toBe(1), WAIT);
    await vi.waitFor(async () => expect((await statsOf(ada)).withEmail).toBe(3), WAIT);
    expect(await statsOf(ada)).toEqual({
      totalExtractions: 4,
      withEmail: 3,
      creditsUsed: 3,
      successRate: 75,
    });
    expect(await statsOf(bob)).toEqual({
      totalExtractions: 1,
      withEmail: 1,
      creditsUsed: 1,
      successRate: 100,
    });
  });

  it('erases a user’s extractions when their account is erased', async () => {
    const [ada, bob] = [await newUser('ada'), await newUser('bob')];
    await record(ada, await run(ada, ['one']));
    await record(bob, await run(bob, ['one', 'two']));
    await vi.waitFor(async () => expect((await statsOf(bob)).totalExtractions).toBe(2), WAIT);
    await fixture.bus.publish(createEvent('accounts.erased', bob, {}));
    await expect.poll(async () => (await statsOf(bob)).totalExtractions, WAIT).toBe(0);
    // Billing erases the user's ledger on the same event.
    await expect.poll(async () => (await statsOf(bob)).creditsUsed, WAIT).toBe(0);
    await vi.waitFor(async () => expect((await statsOf(ada)).totalExtractions).toBe(1), WAIT);
  });
});
