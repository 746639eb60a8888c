import '../styles.css';

export { SimilarAccountsPage as default } from '../features/similar-accounts/components/similar-accounts-page.tsx';
