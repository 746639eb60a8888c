import '../styles.css';

export { LeadListsPage as default } from '../features/lead-lists/components/lead-lists-page.tsx';
