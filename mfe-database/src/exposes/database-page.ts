import '../styles.css';

export { DatabasePage as default } from '../features/extractions/components/database-page.tsx';
