import { createRoot } from 'react-dom/client';
import '../styles.css';
import { InfoExtractorPage } from '../features/info-extractor/components/info-extractor-page.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<InfoExtractorPage />);
