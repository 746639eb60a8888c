import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * Shared by the shell and every remote as singletons: contexts and stores (router, query cache,
 * atoms, toasts) only work when all of them use one instance. A shared module is loaded whole
 * (never tree-shaken), so the rest is bundled into each frontend.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  // The router API the remotes use, built against the shell's react-router (so they read its router
  // context); `react-router` itself is not shared, so the shell's copy is tree-shaken.
  '@prospector/router': { singleton: true },
  jotai: { singleton: true },
  '@tanstack/react-query': { singleton: true },
  sonner: { singleton: true },
  // Stateless, but every frontend's `cn()` needs it at start (9 KB): shared, a remote takes the
  // shell's copy instead of bringing its own.
  'tailwind-merge': { singleton: true },
  // Not `@prospector/web-data`: its state already lives in these singletons (the query cache, and
  // the subscription atom kept on the page's global registry), and sharing it splits the design
  // system into a second download for the landing page (see the first-load budget).
} as const;

/**
 * Runtime options for the built app only. The shell publishes its federation runtime and the
 * remotes use it instead of bundling a second copy (17 KB off the landing page); remote entries
 * come from our own manifest, so the snapshot support (federation manifests, preloading, devtools)
 * is dropped. In dev, HMR needs the snapshot support and a remote's standalone harness has no host
 * to take the runtime from, so both keep the defaults there.
 */
export const HOST_BUILD_RUNTIME = {
  experiments: { provideExternalRuntime: true },
  disableSnapshot: true,
} as const;
export const REMOTE_BUILD_RUNTIME = {
  experiments: { externalRuntime: true },
  disableSnapshot: true,
} as const;

/**
 * A remote's federation contract: the shell loads `<name>/<Module>` at run time from
 * `/remotes/<name>/remoteEntry.js`, so renaming an expose breaks the shell's routes.
 */
export function remoteFederationConfig(name: string, exposes: Record<string, string>) {
  return createModuleFederationConfig({
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: SHARED_SINGLETONS,
    // Each page's stylesheet is linked before the page module resolves, so it never paints unstyled.
    bundleAllCSS: true,
    // A remote loads no remotes of its own.
    disableRemote: true,
    dev: { remoteHmr: true },
    dts: false,
  });
}

/**
 * The shell is a host only. Remotes are not listed: their entries come from
 * `/remotes/manifest.json` at run time, so a remote can move or be redeployed without rebuilding
 * the shell. The plugin is still needed to provide the shared singletons.
 */
export function hostFederationConfig(name: string) {
  return createModuleFederationConfig({
    name,
    remotes: {},
    shared: SHARED_SINGLETONS,
    dev: { remoteHmr: true },
    dts: false,
  });
}
