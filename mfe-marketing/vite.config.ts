import { defineRemoteViteConfig, prerenderPlugin } from '@prospector/config/frontend';
import { LANDING_PRERENDER_FILE } from '@prospector/contracts';
import federation from './module-federation.config.ts';

export default defineRemoteViteConfig({
  name: 'marketing',
  harnessPort: 5101,
  federation,
  root: import.meta.dirname,
  // The landing's first screen, which the edge puts in the HTML for `/`.
  plugins: [
    prerenderPlugin({
      module: 'src/prerender/landing-prerender.tsx',
      render: 'renderLandingPrerender',
      file: LANDING_PRERENDER_FILE,
    }),
  ],
});
