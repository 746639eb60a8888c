import { createMemoryBus } from '@prospector/bus';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import type { TMarketingConfig } from './config.ts';
import { createMarketingService, marketingService } from './service.ts';

/**
 * Marketing services for the tests of the calling `describe`, on one fresh database and an in-memory bus: `start`
 * runs one with a config. Every one started is stopped, and the database dropped, after the tests.
 */
export function useMarketingServices(test: string) {
  const bus = createMemoryBus();
  const running: TRunningService[] = [];
  let testDatabase: TTestDatabase;
  let database: TDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrated: migratedSchemasOf(marketingService) });
    database = createDatabase({ url: testDatabase.url, schemaName: 'marketing', max: 2 });
    await bus.ensureStreams();
  });

  afterAll(async () => {
    for (const service of running) await service.stop();
    await bus.drain();
    await database.close();
    await testDatabase.drop();
  });

  return {
    /** The bus every service started here shares (a test answers other services' requests on it). */
    bus,
    /** The services' database, once the tests run. */
    get database() {
      return database;
    },
    async start(config: TMarketingConfig) {
      const service = await startService(createMarketingService(config), {
        database,
        bus,
        logger: createLogger({ test }, 'silent'),
      });
      running.push(service);
      return service;
    },
  };
}
