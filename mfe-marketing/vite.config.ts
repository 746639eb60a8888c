import { defineRemoteViteConfig } from '@prospector/config/frontend';
import federation from './module-federation.config.ts';

export default defineRemoteViteConfig({
  name: 'marketing',
  harnessPort: 5101,
  federation,
  root: import.meta.dirname,
});
