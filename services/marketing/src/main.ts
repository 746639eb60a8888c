import { runStandalone } from '@prospector/service-kit';
import { loadMarketingEnv } from './env.ts';
import { createMarketingService } from './service.ts';

const env = loadMarketingEnv();
await runStandalone(createMarketingService(env.marketing), env);
