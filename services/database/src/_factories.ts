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

/**
 * A verifier that trusts test headers, standing in for the account service's session check: the user,
 * acting for their personal workspace, or for `x-test-workspace` as a member of it.
 */
export const headerIdentity = {
  verify: async (headers: Headers) => {
    const userId = headers.get('x-test-user');
    if (!userId) return null;
    const session = personalSessionOf(userId, `${userId}@example.com`);
    const workspaceId = headers.get('x-test-workspace');
    return workspaceId ? { ...session, workspaceId, role: 'member' as const } : session;
  },
};

export const newWorkspaceId = (prefix = 'team') => `${prefix}-${crypto.randomUUID()}`;

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

/** `extractions.recorded` of `data` for a user in their personal workspace, or a member in a workspace. */
export function recordedEvent(
  actor: string | { userId: string; ownerKey: string },
  data: TExtractionRecorded,
  occurredAt = new Date(),
): TEventEnvelope<TExtractionRecorded> {
  return { ...createEvent('extractions.recorded', actor, data), occurredAt: occurredAt.toISOString() };
}

export interface TServiceFixture {
  /** The fresh database's URL, for a second instance of the service or services started beside it. */
  url: string;
  database: TDatabase;
  bus: TEventBus;
  service: TRunningService;
  /**
   * `service.app.request` as `userId` (no header: signed out), in their personal workspace or, with
   * `workspaceId`, as a member of that one.
   */
  request(path: string, init?: RequestInit & { userId?: string; workspaceId?: string }): Promise<Response>;
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
    request: async (path, { userId, workspaceId, headers, ...init } = {}) =>
      service.app.request(path, {
        ...init,
        headers: {
          ...(userId ? { 'x-test-user': userId } : {}),
          ...(workspaceId ? { 'x-test-workspace': workspaceId } : {}),
          ...(headers as Record<string, string>),
        },
      }),
    async close() {
      await service.stop();
      await bus.drain();
      await database.close();
      await testDatabase.drop();
    },
  };
}
