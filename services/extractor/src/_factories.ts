import { personalSessionOf, type TSessionVerifier } from '@prospector/auth-client';
import { billingService, createBillingService, DEFAULT_BILLING_CONFIG } from '@prospector/billing';
import type { TEventBus, TSubscription } from '@prospector/bus';
import {
  ACCOUNT_RPC,
  BILLING_RPC,
  createEvent,
  DATABASE_RPC,
  ownerKeyOfRequest,
  type TBalanceResponse,
  type TExtractionEmailChecked,
  type TExtractionRecorded,
  type TRun,
  type TRunDetail,
  type TToolAccessResponse,
} from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import { expect, vi } from 'vitest';
import { createFakeProvider, type TFakeProvider } from './_fake-provider.ts';
import { DEFAULT_EXTRACTOR_CONFIG, type TExtractorConfig } from './config.ts';
import type { TRunConfig } from './runs/run-deps.ts';
import { createExtractorService, extractorService } from './service.ts';
import type { TWebsitesConfig } from './websites/websites-config.ts';

/** Test data and a composed extractor + billing for the runs tests; nothing is shared between tests. */

/**
 * A verifier that trusts test headers: `x-test-user` signs in, acting for their personal workspace
 * unless `x-test-workspace` names another (as a `member` there); `x-test-name` gives them a display name.
 */
export const headerIdentity: TSessionVerifier = {
  verify: async (headers) => {
    const userId = headers.get('x-test-user');
    if (!userId) return null;
    const name = headers.get('x-test-name');
    const session = { ...personalSessionOf(userId, `${userId}@example.com`), ...(name ? { name } : {}) };
    const workspaceId = headers.get('x-test-workspace');
    return workspaceId && workspaceId !== userId ? { ...session, workspaceId, role: 'member' } : session;
  },
};

/** Headers of `userId` signed in, acting for `workspaceId` (their personal workspace by default). */
export const signedInAs = (userId: string, workspaceId?: string) => ({
  'x-test-user': userId,
  ...(workspaceId ? { 'x-test-workspace': workspaceId } : {}),
});

export const newUserId = (label = 'user') => `${label}-${crypto.randomUUID().slice(0, 8)}`;

export const TEST_RUN_CONFIG: TRunConfig = {
  itemDelayMs: 0,
  maxLanes: 1,
  holdLeaseMs: 60_000,
  stepConcurrency: 4,
  stepAckWaitMs: 10_000,
  stallAfterMs: 60_000,
  sweepIntervalMs: 60_000,
};

/**
 * The account service stood in for on `rpc.account.tool-access`: each user's trial start and
 * subscription status, a trial that started now unless `states` says otherwise.
 */
export async function answerToolAccess(
  bus: TEventBus,
  states: Map<string, TToolAccessResponse> = new Map(),
): Promise<TSubscription & { asked: string[] }> {
  const asked: string[] = [];
  const replies = await bus.reply(ACCOUNT_RPC.toolAccess, async ({ userId }) => {
    asked.push(userId);
    return states.get(userId) ?? { subscriptionStatus: 'trial', trialStartedAt: new Date().toISOString() };
  });
  return { stop: () => replies.stop(), asked };
}

export interface TRunsFixture {
  bus: TEventBus;
  extractor: TRunningService;
  extractorDb: TDatabase;
  billingDb: TDatabase;
  provider: TFakeProvider;
  /** Usernames the database service says each workspace already has. */
  extracted: Map<string, string[]>;
  /** What the account service says of each user's trial and subscription (a fresh trial if unset). */
  access: Map<string, TToolAccessResponse>;
  /** Every `extractions.recorded` delivered (at least once) to a database-service stand-in. */
  recorded: TExtractionRecorded[];
  /** Every `extractions.email-checked` delivered to the same stand-in. */
  emailChecked: TExtractionEmailChecked[];
  /** Every request/reply the (first) extractor sent, in order: billing's and the database's. */
  requests: Array<{ subject: string; data: unknown }>;
  request(path: string, userId?: string, init?: RequestInit): Promise<Response>;
  /** A user with the 25 trial credits (granted by billing on `accounts.created`). */
  createUser(label?: string): Promise<string>;
  /** Adds plan credits straight into billing's ledger (its grant, as an invoice would make it). */
  grant(userId: string, amount: number): Promise<void>;
  /** Takes credits out of reach with a hold of another run, leaving `available` free. */
  leaveAvailable(userId: string, available: number): Promise<void>;
  balance(userId: string): Promise<TBalanceResponse>;
  /** Another extractor process on the same database, on `bus` (a second client of the same broker/server). */
  startAnotherExtractor(bus: TEventBus): Promise<TRunningService>;
  /** The database service stops answering (no responders). */
  stopDatabaseReplies(): Promise<void>;
  startRun(userId: string, usernames: string[]): Promise<TRun>;
  waitForRun(userId: string, runId: string): Promise<TRunDetail>;
  /** Ledger rows of a user's captures, by reference. */
  captures(userId: string): Promise<Array<{ reference: string; amount: number }>>;
  close(): Promise<void>;
}

export interface TRunsFixtureOptions {
  bus: TEventBus;
  runs?: Partial<TRunConfig>;
  /** Answer DATABASE_RPC.extracted (false: nobody answers, as when the database service is down). */
  answerExtracted?: boolean;
  /** The websites profiles link to (none by default) and where their pages come from. */
  externalUrlOf?: (username: string) => string | null;
  websites?: TWebsitesConfig;
  /** Extractor settings over the test defaults (the e-mail checker, its time budget). */
  extractor?: Partial<TExtractorConfig>;
}

/** A fresh database with billing and the extractor started on `bus`, and a database-service stand-in. */
export async function createRunsFixture(options: TRunsFixtureOptions): Promise<TRunsFixture> {
  const testDatabase: TTestDatabase = await createTestDatabase({
    migrated: migratedSchemasOf(billingService, extractorService),
  });
  const logger = createLogger({ test: 'runs' }, 'silent');
  const billingDb = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 4 });
  const extractorDb = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 6 });
  const { bus } = options;
  await bus.ensureStreams();
  const billing = await startService(
    createBillingService({ ...DEFAULT_BILLING_CONFIG, holdSweepIntervalMs: 60_000 }),
    {
      database: billingDb,
      bus,
      logger,
      identity: headerIdentity,
    },
  );
  const provider = createFakeProvider({ externalUrlOf: options.externalUrlOf });
  const requests: Array<{ subject: string; data: unknown }> = [];
  const observedBus: TEventBus = {
    ...bus,
    request: ((subject, data, requestOptions) => {
      requests.push({ subject, data });
      return bus.request(subject, data, requestOptions);
    }) as TEventBus['request'],
  };
  const extractor = await startService(
    createExtractorService({
      ...DEFAULT_EXTRACTOR_CONFIG,
      providerAsIs: provider,
      runs: { ...TEST_RUN_CONFIG, ...options.runs },
      heartbeatMs: 200,
      websites: options.websites ?? DEFAULT_EXTRACTOR_CONFIG.websites,
      ...options.extractor,
    }),
    { database: extractorDb, bus: observedBus, logger, identity: headerIdentity },
  );
  const { extracted, recorded, access, emailChecked, stoppables, databaseReplies } =
    await startServiceStandIns(bus, options);

  const fixture: TRunsFixture = {
    bus,
    extractor,
    extractorDb,
    billingDb,
    provider,
    extracted,
    access,
    recorded,
    emailChecked,
    requests,
    request: (path, userId, init = {}) =>
      Promise.resolve(
        extractor.app.request(path, {
          ...init,
          headers: {
            'content-type': 'application/json',
            ...(userId ? signedInAs(userId) : {}),
            ...init.headers,
          },
        }),
      ),
    async createUser(label) {
      const userId = newUserId(label);
      await bus.publish(
        createEvent('accounts.created', userId, { email: `${userId}@example.com`, name: userId }),
      );
      await vi.waitFor(async () => expect((await fixture.balance(userId)).balance).toBe(25), {
        timeout: 10_000,
      });
      return userId;
    },
    async grant(userId, amount) {
      await grantCredits(billingDb, userId, amount);
    },
    async leaveAvailable(userId, available) {
      const { available: now } = await fixture.balance(userId);
      await bus.request(BILLING_RPC.hold, {
        userId,
        amount: now - available,
        runId: `elsewhere-${crypto.randomUUID()}`,
        leaseMs: 600_000,
      });
    },
    async startAnotherExtractor(otherBus) {
      await otherBus.ensureStreams();
      const database = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 4 });
      const service = await startService(
        createExtractorService({
          ...DEFAULT_EXTRACTOR_CONFIG,
          providerAsIs: provider,
          runs: { ...TEST_RUN_CONFIG, ...options.runs },
          heartbeatMs: 200,
          ...options.extractor,
        }),
        { database, bus: otherBus, logger, identity: headerIdentity },
      );
      const stop = async () => {
        await service.stop();
        await otherBus.drain();
        await database.close();
      };
      stoppables.unshift({ stop });
      return { ...service, stop };
    },
    async stopDatabaseReplies() {
      await databaseReplies?.stop();
    },
    balance: (userId) => bus.request(BILLING_RPC.balance, { userId }),
    async startRun(userId, usernames) {
      const response = await fixture.request('/api/extractor/runs', userId, {
        method: 'POST',
        body: JSON.stringify({ usernames, source: 'batch' }),
      });
      if (response.status !== 202) throw new Error(`start run: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { run: TRun }).run;
    },
    async waitForRun(userId, runId) {
      let detail: TRunDetail | undefined;
      await vi.waitFor(
        async () => {
          const response = await fixture.request(`/api/extractor/runs/${runId}`, userId);
          detail = (await response.json()) as TRunDetail;
          expect(['completed', 'cancelled', 'failed']).toContain(detail.status);
        },
        { timeout: 30_000, interval: 50 },
      );
      return detail as TRunDetail;
    },
    async captures(userId) {
      const rows = await billingDb.sql<Array<{ reference: string; amount: number }>>`
        select reference, amount from billing.credit_transactions where user_id = ${userId} and reason = 'capture'`;
      return [...rows];
    },
    async close() {
      for (const stoppable of stoppables) await stoppable.stop();
      await extractor.stop();
      await billing.stop();
      await bus.drain();
      await extractorDb.close();
      await billingDb.close();
      await testDatabase.drop();
    },
  };
  return fixture;
}

/** Credits as a paid invoice would grant them, straight into the ledger. */
async function grantCredits(billingDb: TDatabase, userId: string, amount: number) {
  await billingDb.sql.begin(async (sql) => {
    const [account] = await sql<Array<{ balance: number }>>`
      update billing.credit_accounts set balance = balance + ${amount} where owner_key = ${userId} returning balance`;
    if (!account) throw new Error(`${userId} has no credit account`);
    await sql`insert into billing.credit_transactions
      (owner_key, user_id, amount, reason, reference, idempotency_key, balance_after)
      values (${userId}, ${userId}, ${amount}, 'plan_grant', 'test-invoice', ${crypto.randomUUID()}, ${account.balance})`;
  });
}

/**
 * What the other services would answer a run: tool access (from `access`), the database service's
 * "already extracted" (from `extracted`, unless `answerExtracted` is false) and its consumer of the
 * recorded and e-mail-checked events (into `recorded` and `emailChecked`).
 */
async function startServiceStandIns(bus: TEventBus, options: Pick<TRunsFixtureOptions, 'answerExtracted'>) {
  const extracted = new Map<string, string[]>();
  const recorded: TExtractionRecorded[] = [];
  const access = new Map<string, TToolAccessResponse>();
  const emailChecked: TExtractionEmailChecked[] = [];
  const stoppables: TSubscription[] = [
    await answerToolAccess(bus, access),
    await bus.consume(
      {
        durable: 'database-stand-in',
        stream: 'EXTRACTIONS',
        filterSubjects: ['extractions.recorded', 'extractions.email-checked'],
      },
      async ({ event }) => {
        if (event.type === 'extractions.recorded') recorded.push(event.data);
        else emailChecked.push(event.data);
      },
    ),
  ];
  let databaseReplies: TSubscription | undefined;
  if (options.answerExtracted !== false) {
    databaseReplies = await bus.reply(DATABASE_RPC.extracted, async (data) => {
      const have = extracted.get(ownerKeyOfRequest(data)) ?? [];
      return { extracted: data.usernames.filter((username) => have.includes(username)) };
    });
    stoppables.push(databaseReplies);
  }
  return { extracted, recorded, access, emailChecked, stoppables, databaseReplies };
}
