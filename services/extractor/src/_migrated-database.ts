import { createMigratedTestDatabase } from '@prospector/db/testing';
import { migrationsFolderOf } from '@prospector/service-kit';

/** The extractor's own tables, migrated, in a database of the test's own, dropped on `close()`. */
export const createExtractorTestDatabase = (options: { max?: number } = {}) =>
  createMigratedTestDatabase(
    {
      migrationsFolder: migrationsFolderOf(new URL('./service.ts', import.meta.url).href),
      schemaName: 'extractor',
    },
    options,
  );
