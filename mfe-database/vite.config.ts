import { defineRemoteViteConfig } from '@prospector/config/frontend';
import federation from './module-federation.config.ts';

export default defineRemoteViteConfig({
  name: 'database',
  harnessPort: 5103,
  federation,
  root: import.meta.dirname,
});
