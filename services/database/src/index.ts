export { databaseConfigFromEnv, recordRetentionEnvShape } from './env.ts';
export { createDatabaseService, databaseService, type TDatabaseServiceConfig } from './service.ts';
