import { APP_PATHS, HARNESS_API_STATUS_PATH } from '@prospector/contracts';
import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import InfoExtractorPage from '../exposes/info-extractor-page.tsx';
import SimilarAccountsPage from '../exposes/similar-accounts-page.tsx';

mountRemoteHarness({
  remote: 'mfe-extractor',
  apiStatusUrl: HARNESS_API_STATUS_PATH,
  pages: [
    { path: APP_PATHS.infoExtractor, label: 'Info extractor', element: <InfoExtractorPage /> },
    { path: APP_PATHS.similarAccounts, label: 'Similar accounts', element: <SimilarAccountsPage /> },
  ],
});
