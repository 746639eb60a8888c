import { personalSessionOf } from '@prospector/auth-client';
import { createMemoryBus } from '@prospector/bus';
import { createEvent } from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractions } from '../../db/schema.ts';
import { databaseService } from '../../service.ts';

// A verifier that trusts a test header, standing in for the account service's session check.
const identity = {
  verify: async (headers: Headers) => {
    const userId = headers.get('x-test-user');
    return userId ? personalSessionOf(userId, `${userId}@example.com`) : null;
  },
};

describe('GET /api/database/stats', () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: TDatabase;
  let service: TRunningService;
  const bus = createMemoryBus();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'database', max: 2 });
    await bus.ensureStreams();
    service = await startService(databaseService, {
      database,
      bus,
      logger: createLogger({ test: 'stats' }, 'silent'),
      identity,
    });
  });

  afterAll(async () => {
    await service.stop();
    await bus.drain();
    await database.close();
    await testDatabase.drop();
  });

  const stats = (userId?: string) =>
    service.app.request('/api/database/stats', { headers: userId ? { 'x-test-user': userId } : {} });
  const statsOf = async (userId: string) => (await (await stats(userId)).json()) as Record<string, number>;

  it('refuses a signed-out request', async () => {
    const response = await stats();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('reports zeros for a user with no extractions yet', async () => {
    const response = await stats('newcomer');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      totalExtractions: 0,
      withEmail: 0,
      creditsUsed: 0,
      successRate: 0,
    });
  });

  it("counts only the signed-in user's extractions", async () => {
    const row = (userId: string, username: string, emailFound: boolean | null) => ({
      userId,
      instagramUsername: username,
      emailFound,
      creditsUsed: emailFound ? 1 : 0,
      extractionData: { username },
      publicEmail: emailFound ? `${username}@example.com` : null,
    });
    await database.db
      .insert(extractions)
      .values([
        row('ada', 'one', true),
        row('ada', 'two', false),
        row('ada', 'three', true),
        row('ada', 'four', null),
        row('bob', 'one', true),
      ]);
    expect(await (await stats('ada')).json()).toEqual({
      totalExtractions: 4,
      withEmail: 2,
      creditsUsed: 2,
      successRate: 50,
    });
    expect(await (await stats('bob')).json()).toEqual({
      totalExtractions: 1,
      withEmail: 1,
      creditsUsed: 1,
      successRate: 100,
    });
  });

  it('erases a user’s extractions when their account is erased', async () => {
    await bus.publish(createEvent('accounts.erased', 'bob', {}));
    await expect.poll(async () => (await statsOf('bob')).totalExtractions, { timeout: 5_000 }).toBe(0);
    expect((await statsOf('ada')).totalExtractions).toBe(4);
  });
});
