import '../styles.css';

export { PaymentSuccessPage as default } from '../features/payment-success/components/payment-success-page.tsx';
