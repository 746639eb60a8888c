import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestTestFiles } from './.ci/slowest-test-files.ts';

const BROWSER_UI_TESTS = [
  'packages/*/src/**/*.test.tsx',
  'shell/src/**/*.test.{ts,tsx}',
  'mfe-*/src/**/*.test.{ts,tsx}',
];

/** Each workspace package's, the shell's and each remote's `src`: the folders test files live in. */
const TEST_ROOTS = [
  ...['packages', 'services'].flatMap((parent) => readdirSync(parent).map((name) => `${parent}/${name}/src`)),
  'shell/src',
  ...readdirSync('.')
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
].filter((folder) => existsSync(folder));

/** Test files under `folder` whose text matches `pattern`. */
function testFilesMatching(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return testFilesMatching(path, pattern);
    return /\.test\.tsx?$/.test(entry.name) && pattern.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/**
 * Test files that mock modules, fake the clock or stub globals or env: each runs in a fresh module
 * graph (and environment) of its own. The others share one module cache per worker, jsdom or Node,
 * which made them about twice as fast: importing the app's modules again for every file was 424 s of
 * the node files' 1,823 s, and a fresh jsdom and the app's imports most of each UI file's time.
 */
const SELF_ALTERING_TESTS = TEST_ROOTS.flatMap((folder) =>
  testFilesMatching(folder, /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/),
);

/**
 * Files at once, shared by every project (projects with different worker counts cannot run side by
 * side). The node files mostly wait on PostgreSQL, NATS, child processes and timers: two at a time on
 * a 2-core machine left the cores 35-44% idle, so one more than cores runs at once, and the jsdom
 * renders, which compute, fill that wait instead of running one at a time after the node files:
 * 229 files in 279 s against 320 s, run back to back on the same machine.
 */
const WORKERS = availableParallelism() + 1;

/** A jsdom project over the UI tests (`include` narrows them, `exclude` leaves some out). */
function browserUi(name: string, options: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    esbuild: { jsx: 'automatic' as const },
    test: {
      name,
      environment: 'jsdom',
      isolate: options.isolate,
      maxWorkers: WORKERS,
      // jsdom renders and user-event typing on a busy 2-core machine can pass vitest's 5 s default.
      testTimeout: 20_000,
      setupFiles: ['./packages/ui/src/test-setup.ts'],
      include: options.include ?? BROWSER_UI_TESTS,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
    },
  };
}

const NODE_TESTS = ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'];
const isNodeTest = (file: string) => /^(packages|services)\/[^/]+\/src\/.+\.test\.ts$/.test(file);

/** A Node project over the server-side tests (`include` narrows them, `exclude` leaves some out). */
function nodeTests(name: string, options: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    test: {
      name,
      environment: 'node',
      isolate: options.isolate,
      maxWorkers: WORKERS,
      include: options.include ?? NODE_TESTS,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// One run for the whole workspace: server code in Node, UI code in jsdom.
export default defineConfig({
  test: {
    // CI's output ends with the slowest files, so a file that grows slow is seen where it is.
    // biome-ignore lint/style/noProcessEnv: the test runner's own config, like playwright.config.ts
    reporters: process.env.CI ? ['default', new SlowestTestFiles()] : ['default'],
    projects: [
      nodeTests('node', { isolate: false, exclude: SELF_ALTERING_TESTS }),
      nodeTests('node-isolated', { isolate: true, include: SELF_ALTERING_TESTS.filter(isNodeTest) }),
      browserUi('browser-ui', { isolate: false, exclude: SELF_ALTERING_TESTS }),
      browserUi('browser-ui-isolated', {
        isolate: true,
        include: SELF_ALTERING_TESTS.filter((file) => !isNodeTest(file)),
      }),
    ],
  },
});
