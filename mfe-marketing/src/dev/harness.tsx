import { createRoot } from 'react-dom/client';
import '../styles.css';
import { LandingPage } from '../features/landing/components/landing-page.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<LandingPage />);
