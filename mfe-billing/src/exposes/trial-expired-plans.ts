import '../styles.css';

export { TrialExpiredPlans as default } from '../features/trial-expired/components/trial-expired-plans.tsx';
