import { createNatsBus } from '@prospector/bus';
import { natsServerForTests, startPrivateNatsServer, uniqueNamespace } from '@prospector/bus/testing';
import { createDatabase, type TDatabase } from '@prospector/db';
import type { createTestDatabase } from '@prospector/db/testing';
import { createLogger, startService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../composition/services.ts';
import { createComposedAppDatabase } from '../testing/_composed-app.ts';

// Each service's health endpoint against real PostgreSQL and a private NATS server that the test
// can stop and start again, so "bus down" is a real outage rather than a flag.
const hasNats = natsServerForTests('health checks');

describe.skipIf(!hasNats).each(SERVICES)('GET /api/$name/health', (definition) => {
  const logger = createLogger({ test: 'health' }, 'silent');
  let nats: Awaited<ReturnType<typeof startPrivateNatsServer>>;
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let cleanup: Array<() => Promise<void>> = [];
  let app: Awaited<ReturnType<typeof startService>>['app'];
  let database: TDatabase;

  const health = async () => {
    const response = await app.request(`/api/${definition.name}/health`);
    return { status: response.status, body: (await response.json()) as { down: string[]; checks: object } };
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    testDatabase = await createComposedAppDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: definition.name, max: 2, logger });
    const bus = await createNatsBus({ url: nats.url, namespace: uniqueNamespace(), logger });
    await bus.ensureStreams();
    // Health needs no signed-in user; services that require a verifier get one that knows nobody.
    const identity = { verify: async () => null };
    const running = await startService(definition, { database, bus, logger, identity });
    app = running.app;
    cleanup = [
      () => running.stop(),
      () => bus.drain(),
      () => database.close(),
      () => testDatabase.drop(),
      () => nats.stop(),
    ];
  });

  afterAll(async () => {
    for (const step of cleanup) await step().catch(() => {});
  });

  it('answers 200 when the database and the bus are up', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      service: definition.name,
      status: 'ok',
      checks: { database: 'up', bus: 'up' },
      down: [],
    });
  });

  it('answers 503 naming the bus while NATS is stopped, and 200 again once it is back', async () => {
    await nats.stop();
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(503);
    const { body } = await health();
    expect(body.down).toEqual(['bus']);
    expect(body.checks).toEqual({ database: 'up', bus: 'down' });

    await nats.start();
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe(200);
  });
});
