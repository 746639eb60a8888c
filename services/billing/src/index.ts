export { billingEnvShape, paymentsConfigFromEnv, paymentsEnvChecks, stripeEnvShape } from './env.ts';
export {
  billingService,
  createBillingService,
  DEFAULT_BILLING_CONFIG,
  type TBillingConfig,
} from './service.ts';
export type { TPaymentsConfig } from './subscriptions/create-payments.ts';
