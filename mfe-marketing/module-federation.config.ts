import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The marketing remote's federation contract. The shell loads `marketing/<Module>` at run time
 * from `/remotes/marketing/remoteEntry.js`; renaming an expose breaks the shell's routes.
 */
export default createModuleFederationConfig({
  name: 'marketing',
  filename: 'remoteEntry.js',
  exposes: {
    './LandingPage': './src/exposes/landing-page.ts',
    './TermsPage': './src/exposes/terms-page.ts',
    './PrivacyPolicyPage': './src/exposes/privacy-policy-page.ts',
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
