import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import InfoExtractorPage from '../exposes/info-extractor-page.tsx';
import SimilarAccountsPage from '../exposes/similar-accounts-page.tsx';

mountRemoteHarness({
  remote: 'mfe-extractor',
  pages: [
    { path: '/dashboard/instagram-info', label: 'Info extractor', element: <InfoExtractorPage /> },
    { path: '/dashboard/similar-accounts', label: 'Similar accounts', element: <SimilarAccountsPage /> },
  ],
});
