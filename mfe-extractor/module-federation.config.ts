import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The extractor remote's federation contract. The shell loads `extractor/<Module>` at run time
 * from `/remotes/extractor/remoteEntry.js`; renaming an expose breaks the shell's routes.
 */
export default createModuleFederationConfig({
  name: 'extractor',
  filename: 'remoteEntry.js',
  exposes: {
    './InfoExtractorPage': './src/exposes/info-extractor-page.ts',
    './SimilarAccountsPage': './src/exposes/similar-accounts-page.ts',
  },
  // Contexts and stores (router, query cache, atoms, toaster, tooltip provider) only work when
  // the shell and every remote use one instance, so these are singletons.
  shared: {
    react: { singleton: true },
    'react-dom': { singleton: true },
    'react-router': { singleton: true },
    'react-router-dom': { singleton: true },
    jotai: { singleton: true },
    '@tanstack/react-query': { singleton: true },
    '@prospector/ui': { singleton: true },
  },
  // Each page's stylesheet is linked before the page module resolves, so it never paints unstyled.
  bundleAllCSS: true,
  dev: { remoteHmr: true },
  dts: false,
});
