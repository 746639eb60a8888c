import '../styles.css';

export { BillingPage as default } from '../features/billing/components/billing-page.tsx';
