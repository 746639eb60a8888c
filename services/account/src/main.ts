import { runStandalone } from '@prospector/service-kit';
import { loadAccountEnv } from './env.ts';
import { accountService } from './service.ts';

await runStandalone(accountService, loadAccountEnv());
