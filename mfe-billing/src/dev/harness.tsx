import { APP_PATHS, billingTabHref, HARNESS_API_STATUS_PATH } from '@prospector/contracts';
import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { BillingPage } from '../features/billing/components/billing-page.tsx';
import { PaymentSuccessPage } from '../features/payment-success/components/payment-success-page.tsx';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { TrialExpiredPlans } from '../features/trial-expired/components/trial-expired-plans.tsx';

mountRemoteHarness({
  remote: 'mfe-billing',
  apiStatusUrl: HARNESS_API_STATUS_PATH,
  pages: [
    { path: APP_PATHS.billing, label: 'Billing', element: <BillingPage /> },
    { path: APP_PATHS.pricing, label: 'Pricing', element: <PricingPage /> },
    { path: APP_PATHS.paymentSuccess, label: 'Payment success', element: <PaymentSuccessPage /> },
    { path: '/trial-expired', label: 'Trial-expired plans', element: <TrialExpiredPlans /> },
  ],
  links: [{ to: billingTabHref('plans'), label: 'Change plan' }],
});
