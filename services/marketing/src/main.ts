import { runStandalone } from '@prospector/service-kit';
import { loadMarketingEnv } from './env.ts';
import { marketingService } from './service.ts';

await runStandalone(marketingService, loadMarketingEnv());
