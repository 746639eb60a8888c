import { personalSessionOf } from '@prospector/auth-client';
import { createMemoryBus, type TEventBus } from '@prospector/bus';
import {
  BILLING_RPC,
  createEvent,
  type TEventEnvelope,
  type TExtractionData,
  type TExtractionRecorded,
} from '@prospector/contracts';
import { bareExtractionData } from '@prospector/contracts/testing';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import {
  createLogger,
  startService,
  type TRunningService,
  type TServiceDefinition,
} from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import { databaseService } from './service.ts';

/**
 * Billing's `creditsUsed` reply for a test of the database service alone (the stats ask it): every user
 * has used what `creditsOf` says, none by default. Tests with the real billing service start it instead
 * (`routes/stats/stats.test.ts`).
 */
export const answerCreditsUsed = (bus: TEventBus, creditsOf: (userId: string) => number = () => 0) =>
  bus.reply(BILLING_RPC.creditsUsed, async ({ userId }) => ({ creditsUsed: creditsOf(userId) }));

/** A verifier that trusts a test header, standing in for the account service's session check. */
export const headerIdentity = {
  verify: async (headers: Headers) => {
    const userId = headers.get('x-test-user');
    return userId ? personalSessionOf(userId, `${userId}@example.com`) : null;
  },
};

export const newUserId = (prefix = 'user') => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/** A profile as the extractor records it; every field may be overridden. */
export function profile(username: string, overrides: Partial<TExtractionData> = {}): TExtractionData {
  return {
    ...bareExtractionData(username),
    full_name: `${username} Full`,
    follower_count: 100,
    following_count: 10,
    media_count: 5,
    is_verified: false,
    is_private: false,
    ...overrides,
  };
}

/** The data of an `extractions.recorded` event for `username`. */
export function recorded(username: string, overrides: Partial<TExtractionData> = {}): TExtractionRecorded {
  const data = profile(username, overrides);
  return {
    itemId: crypto.randomUUID(),
    runId: crypto.randomUUID(),
    username,
    emailFound: data.public_email !== null,
    creditsUsed: data.public_email !== null ? 1 : 0,
    extractionData: data,
  };
}

export function recordedEvent(
  userId: string,
  data: TExtractionRecorded,
  occurredAt = new Date(),
): TEventEnvelope<TExtractionRecorded> {
  return { ...createEvent('extractions.recorded', userId, data), occurredAt: occurredAt.toISOString() };
}

export interface TServiceFixture {
  /** The fresh database's URL, for a second instance of the service or services started beside it. */
  url: string;
  database: TDatabase;
  bus: TEventBus;
  service: TRunningService;
  /** `service.app.request` as `userId` (no header: signed out). */
  request(path: string, init?: RequestInit & { userId?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The database service on a fresh database and the given bus (an in-process one by default). */
export async function startServiceFixture(
  bus: TEventBus = createMemoryBus(),
  definition: TServiceDefinition = databaseService,
): Promise<TServiceFixture> {
  const testDatabase: TTestDatabase = await createTestDatabase({ migrated: migratedSchemasOf(definition) });
  const database = createDatabase({ url: testDatabase.url, schemaName: 'database', max: 4 });
  await bus.ensureStreams();
  const service = await startService(definition, {
    database,
    bus,
    logger: createLogger({ test: 'database' }, 'silent'),
    identity: headerIdentity,
  });
  return {
    url: testDatabase.url,
    database,
    bus,
    service,
    request: async (path, { userId, headers, ...init } = {}) =>
      service.app.request(path, {
        ...init,
        headers: { ...(userId ? { 'x-test-user': userId } : {}), ...(headers as Record<string, string>) },
      }),
    async close() {
      await service.stop();
      await bus.drain();
      await database.close();
      await testDatabase.drop();
    },
  };
}
