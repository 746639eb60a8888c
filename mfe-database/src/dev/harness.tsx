import { createRoot } from 'react-dom/client';
import '../styles.css';
import { DatabasePage } from '../features/extractions/components/database-page.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<DatabasePage />);
