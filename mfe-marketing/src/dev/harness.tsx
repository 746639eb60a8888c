import { APP_PATHS, HARNESS_API_STATUS_PATH } from '@prospector/contracts';
import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page.tsx';
import { TermsPage } from '../features/legal/components/terms-page.tsx';

mountRemoteHarness({
  remote: 'mfe-marketing',
  apiStatusUrl: HARNESS_API_STATUS_PATH,
  pages: [
    { path: '/', label: 'Landing', element: <LandingPage /> },
    { path: APP_PATHS.terms, label: 'Terms', element: <TermsPage /> },
    { path: APP_PATHS.privacyPolicy, label: 'Privacy policy', element: <PrivacyPolicyPage /> },
  ],
});
