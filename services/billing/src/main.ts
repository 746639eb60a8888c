import { runStandalone } from '@prospector/service-kit';
import { loadBillingEnv } from './env.ts';
import { createBillingService, DEFAULT_BILLING_CONFIG } from './service.ts';

const env = loadBillingEnv();
await runStandalone(createBillingService({ ...DEFAULT_BILLING_CONFIG, payments: env.payments }), env);
