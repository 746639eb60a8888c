import { createRoot } from 'react-dom/client';
import '../styles.css';
import { BillingPage } from '../features/billing/components/billing-page.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<BillingPage />);
