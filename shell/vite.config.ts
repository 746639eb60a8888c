import { federation } from '@module-federation/vite';
import { HOST_BUILD_RUNTIME, precompressPlugin } from '@prospector/config/frontend';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import federationConfig from './module-federation.config.ts';

// Dev-only wiring (remote dev servers, manifest, API proxy) is added by `dev-server.ts`.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    federation(command === 'build' ? { ...federationConfig, ...HOST_BUILD_RUNTIME } : federationConfig),
    precompressPlugin(),
  ],
  build: {
    target: 'esnext',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] } },
    },
  },
}));
