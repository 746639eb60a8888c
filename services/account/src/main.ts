import { runStandalone } from '@prospector/service-kit';
import { loadAccountEnv } from './env.ts';
import { createAccountService } from './service.ts';

const { env, config } = loadAccountEnv();
await runStandalone(createAccountService(config), env);
