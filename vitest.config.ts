import { defineConfig } from 'vitest/config';
import { SlowestTestFiles } from './.ci/slowest-test-files.ts';

// One run for the whole workspace: server code in Node, UI code in jsdom.
export default defineConfig({
  test: {
    // CI's output ends with the slowest files, so a file that grows slow is seen where it is.
    reporters: process.env.CI ? ['default', new SlowestTestFiles()] : ['default'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'browser-ui',
          environment: 'jsdom',
          // jsdom renders and user-event typing on a busy 2-core machine can pass vitest's 5 s default.
          testTimeout: 20_000,
          setupFiles: ['./packages/ui/src/test-setup.ts'],
          include: [
            'packages/*/src/**/*.test.tsx',
            'shell/src/**/*.test.{ts,tsx}',
            'mfe-*/src/**/*.test.{ts,tsx}',
          ],
        },
      },
    ],
  },
});
