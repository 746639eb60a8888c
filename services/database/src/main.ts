import { runStandalone } from '@prospector/service-kit';
import { loadDatabaseEnv } from './env.ts';
import { databaseService } from './service.ts';

await runStandalone(databaseService, loadDatabaseEnv());
