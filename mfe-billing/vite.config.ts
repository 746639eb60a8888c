import { defineRemoteViteConfig } from '@prospector/config/frontend';
import federation from './module-federation.config.ts';

export default defineRemoteViteConfig({
  name: 'billing',
  harnessPort: 5104,
  federation,
  root: import.meta.dirname,
});
