export { createDatabaseService, databaseService, type TDatabaseServiceConfig } from './service.ts';
