import { defineRemoteViteConfig } from '@prospector/config/frontend';
import federation from './module-federation.config.ts';

export default defineRemoteViteConfig({
  name: 'extractor',
  harnessPort: 5102,
  federation,
  root: import.meta.dirname,
});
