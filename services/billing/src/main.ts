import { runStandalone } from '@prospector/service-kit';
import { loadBillingEnv } from './env.ts';
import { billingService } from './service.ts';

await runStandalone(billingService, loadBillingEnv());
