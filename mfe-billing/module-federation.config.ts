import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The billing remote's federation contract. The shell loads `billing/<Module>` at run time
 * from `/remotes/billing/remoteEntry.js`; renaming an expose breaks the shell's routes.
 */
export default createModuleFederationConfig({
  name: 'billing',
  filename: 'remoteEntry.js',
  exposes: {
    './BillingPage': './src/exposes/billing-page.ts',
    './PricingPage': './src/exposes/pricing-page.ts',
    './PaymentSuccessPage': './src/exposes/payment-success-page.ts',
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
