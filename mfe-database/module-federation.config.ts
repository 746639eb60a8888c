import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The database remote's federation contract. The shell loads `database/<Module>` at run time
 * from `/remotes/database/remoteEntry.js`; renaming an expose breaks the shell's routes.
 */
export default createModuleFederationConfig({
  name: 'database',
  filename: 'remoteEntry.js',
  exposes: {
    './DatabasePage': './src/exposes/database-page.ts',
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
