import { runStandalone } from '@prospector/service-kit';
import { databaseConfigFromEnv, loadDatabaseEnv } from './env.ts';
import { createDatabaseService } from './service.ts';

const env = loadDatabaseEnv();
await runStandalone(createDatabaseService(databaseConfigFromEnv(env)), env);
