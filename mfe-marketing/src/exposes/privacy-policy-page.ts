import '../styles.css';

export { PrivacyPolicyPage as default } from '../features/legal/components/privacy-policy-page.tsx';
