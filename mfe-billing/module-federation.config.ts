import { remoteFederationConfig } from '@prospector/config/frontend';

/** The billing remote's federation contract: what the shell can load as `billing/<Module>`. */
export default remoteFederationConfig('billing', {
  './BillingPage': './src/exposes/billing-page.ts',
  './PricingPage': './src/exposes/pricing-page.ts',
  './PaymentSuccessPage': './src/exposes/payment-success-page.ts',
  './TrialExpiredPlans': './src/exposes/trial-expired-plans.ts',
});
