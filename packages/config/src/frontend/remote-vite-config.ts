import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type PluginOption, type UserConfigFnObject } from 'vite';
import { cssLayerPlugin } from './css-layer-plugin.ts';
import { REMOTE_BUILD_RUNTIME, type remoteFederationConfig } from './federation.ts';
import { harnessApiStatusPlugin } from './harness-api-status.ts';
import { precompressPlugin } from './precompress.ts';

export interface TRemoteViteOptions {
  /** The remote's name, as in its federation config and its `/remotes/<name>/` path. */
  name: string;
  /** Port of the standalone dev harness (`pnpm --filter mfe-<name> dev`); `HARNESS_PORT` moves it. */
  harnessPort: number;
  federation: ReturnType<typeof remoteFederationConfig>;
  /** The remote's folder (`import.meta.dirname`), where `.env` files are read from. */
  root: string;
  /** Plugins of this remote's own, after the shared ones (e.g. a prerender of its pages). */
  plugins?: PluginOption[];
}

/** The harness's port: `HARNESS_PORT` when set (a port in use elsewhere), else the remote's own. */
export function harnessPortOf(env: Record<string, string>, defaultPort: number): number {
  const text = env.HARNESS_PORT?.trim();
  if (!text) return defaultPort;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65_535)
    throw new Error(`HARNESS_PORT must be a port number from 1 to 65535, not "${env.HARNESS_PORT}"`);
  return port;
}

/** The Vite config every remote shares; only its name, harness port and exposes differ. */
export function defineRemoteViteConfig(options: TRemoteViteOptions): UserConfigFnObject {
  return defineConfig(({ command, mode }) => {
    const env = loadEnv(mode, options.root, '');
    return {
      // The edge serves the build under /remotes/<name>/; the standalone harness runs at / so pages
      // keep their real paths. The shell's dev server passes the remote base explicitly.
      base: command === 'build' ? `/remotes/${options.name}/` : '/',
      plugins: [
        react(),
        tailwindcss(),
        cssLayerPlugin('mfe'),
        federation(
          command === 'build' ? { ...options.federation, ...REMOTE_BUILD_RUNTIME } : options.federation,
        ),
        precompressPlugin(),
        // The standalone harness says in the page and the terminal when its API is not there.
        harnessApiStatusPlugin(),
        ...(options.plugins ?? []),
      ],
      server: {
        port: harnessPortOf(env, options.harnessPort),
        proxy: { '/api': { target: env.API_TARGET || 'http://127.0.0.1:3000', changeOrigin: true } },
      },
      build: { target: 'esnext', rolldownOptions: { input: {} } },
    };
  });
}
