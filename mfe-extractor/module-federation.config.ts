import { remoteFederationConfig } from '@prospector/config/frontend';

/** The extractor remote's federation contract: what the shell can load as `extractor/<Module>`. */
export default remoteFederationConfig('extractor', {
  './InfoExtractorPage': './src/exposes/info-extractor-page.tsx',
  './SimilarAccountsPage': './src/exposes/similar-accounts-page.tsx',
});
