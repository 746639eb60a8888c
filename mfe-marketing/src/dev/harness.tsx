import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page.tsx';
import { TermsPage } from '../features/legal/components/terms-page.tsx';

mountRemoteHarness({
  remote: 'mfe-marketing',
  pages: [
    { path: '/', label: 'Landing', element: <LandingPage /> },
    { path: '/terms', label: 'Terms', element: <TermsPage /> },
    { path: '/privacy-policy', label: 'Privacy policy', element: <PrivacyPolicyPage /> },
  ],
});
