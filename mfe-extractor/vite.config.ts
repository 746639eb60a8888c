import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { cssLayerPlugin } from './css-layer-plugin.ts';
import federationConfig from './module-federation.config.ts';

const REMOTE_BASE = '/remotes/extractor/';

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, '');
  return {
    // The edge serves the build under /remotes/extractor/; the standalone harness runs at / so
    // pages keep their real paths. The shell's dev server passes the remote base explicitly.
    base: command === 'build' ? REMOTE_BASE : '/',
    plugins: [react(), tailwindcss(), cssLayerPlugin('mfe'), federation(federationConfig)],
    server: {
      port: 5102,
      proxy: { '/api': { target: env.API_TARGET || 'http://127.0.0.1:3000', changeOrigin: true } },
    },
    build: { target: 'esnext', rolldownOptions: { input: {} } },
  };
});
