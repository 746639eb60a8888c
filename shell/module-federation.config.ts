import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The shell is a host only. Remotes are not listed here: their entries come from
 * `/remotes/manifest.json` at run time (see `src/remotes/`), so a remote can move or be redeployed
 * without rebuilding the shell. The plugin is still needed to provide the shared singletons.
 */
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  // Same list as every remote's: contexts and stores (router, query cache, atoms, toaster, tooltip
  // provider) only work when the shell and the remotes use one instance.
  shared: {
    react: { singleton: true },
    'react-dom': { singleton: true },
    'react-router': { singleton: true },
    'react-router-dom': { singleton: true },
    jotai: { singleton: true },
    '@tanstack/react-query': { singleton: true },
    '@prospector/ui': { singleton: true },
  },
  dev: { remoteHmr: true },
  dts: false,
});
