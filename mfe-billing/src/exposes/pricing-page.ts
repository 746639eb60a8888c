import '../styles.css';

export { PricingPage as default } from '../features/pricing/components/pricing-page.tsx';
