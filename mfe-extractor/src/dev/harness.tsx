import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { InfoExtractorPage } from '../features/info-extractor/components/info-extractor-page.tsx';
import { SimilarAccountsPage } from '../features/similar-accounts/components/similar-accounts-page.tsx';

mountRemoteHarness({
  remote: 'mfe-extractor',
  pages: [
    { path: '/dashboard/instagram-info', label: 'Info extractor', element: <InfoExtractorPage /> },
    { path: '/dashboard/similar-accounts', label: 'Similar accounts', element: <SimilarAccountsPage /> },
  ],
});
