import { createMemoryBus } from '@prospector/bus';
import { createDatabase } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { compareRoutesWithReference } from './api-reference/api-reference-coverage.ts';
import { createLogger } from './logger.ts';
import { startService, type TServiceDefinition } from './service.ts';

/**
 * Test support: starts `definition` as the composition roots do (on a fresh database and the
 * in-process bus) and compares the routes its app registers with its `apiReference`. Both lists empty
 * means the API documentation matches the code.
 */
export async function routesAgainstReference(definition: TServiceDefinition) {
  if (!definition.apiReference) throw new Error(`The ${definition.name} service has no apiReference`);
  const testDatabase = await createTestDatabase();
  const database = createDatabase({ url: testDatabase.url, schemaName: definition.name, max: 2 });
  const bus = createMemoryBus();
  try {
    await bus.ensureStreams();
    const running = await startService(definition, {
      database,
      bus,
      logger: createLogger({ test: 'api-reference' }, 'silent'),
      identity: { verify: async () => null },
    });
    try {
      return compareRoutesWithReference(running.app, definition.apiReference);
    } finally {
      await running.stop();
    }
  } finally {
    await bus.drain();
    await database.close();
    await testDatabase.drop();
  }
}
