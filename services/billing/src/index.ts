export { billingService, createBillingService, type TBillingConfig } from './service.ts';
