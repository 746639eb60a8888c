import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  DISTRIBUTED_PORTS,
  E2E_AUTH_RATE_LIMIT_MAX,
  E2E_RUN_PACING,
  E2E_WEBHOOKS,
  EMBEDDED_PORT,
  MISSING_REMOTE_PORT,
} from './e2e/support/ports.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The distributed composition needs a real PostgreSQL and NATS server; CI provides both.
const distributed = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
if (!distributed) {
  console.warn('[e2e] DATABASE_URL and NATS_URL are not both set: the distributed journeys are not run.');
}

// Set once here, so the test workers (which load this file again) inherit the same values from this
// process: the broken-deploy server's web root, and where each server under test keeps its data
// (journeys reach into it for what no user action can do, like a trial that started weeks ago).
process.env.E2E_MISSING_REMOTE_ROOT ??= join(tmpdir(), `prospector-e2e-missing-remote-${process.pid}`);
process.env.E2E_EMBEDDED_DATA_DIR ??= join(tmpdir(), `prospector-e2e-${process.pid}`);
process.env.E2E_DISTRIBUTED_DATABASE ??= `prospector_e2e_${Date.now().toString(36)}_${process.pid}`;
// Journeys that need a deploy with a remote's files missing run only against that server.
const MISSING_REMOTE_JOURNEYS = /remote whose files are missing/;
// The phone walk-through of every route runs once, against the embedded composition.
const PHONE_SPEC = /every-route\.spec\.ts/;
// What every server under test shares. They stop as on Ctrl-C (not SIGKILL), so embedded
// PostgreSQL shuts down cleanly and the distributed composition drops the database it created.
const SERVER_DEFAULTS = {
  cwd: repoRoot,
  timeout: 180_000,
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // The journeys mostly wait (for runs, e-mails, live updates, page loads): one worker used about 8 CPU
  // minutes in a 29-minute run. Three workers on two cores ran the same 140 journeys in 13.3 minutes,
  // all passing at a load average of 13-20; one more worker than cores keeps both cores busy.
  workers: availableParallelism() + 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The end of the output lists the slowest spec files per project, so where the journeys' time goes
  // is in every CI log.
  reportSlowTests: { max: 20, threshold: 0 },
  use: {
    ...devices['Desktop Chrome'],
    // A failed journey keeps its trace: every action with the page's DOM, network and console. Not the
    // screencast: while anything on a page moves (a spinner, a pulsing skeleton), its frames kept three
    // pages' browser at 1.7 cores of CPU, against 0.2 without them.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'embedded',
      grepInvert: MISSING_REMOTE_JOURNEYS,
      testIgnore: PHONE_SPEC,
      use: { baseURL: `http://127.0.0.1:${EMBEDDED_PORT}` },
    },
    {
      // A phone (390×844, touch, mobile viewport rules); embedded only, to keep CI time down.
      name: 'mobile',
      testMatch: PHONE_SPEC,
      use: {
        baseURL: `http://127.0.0.1:${EMBEDDED_PORT}`,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      },
    },
    {
      name: 'missing-remote',
      grep: MISSING_REMOTE_JOURNEYS,
      testIgnore: PHONE_SPEC,
      use: { baseURL: `http://127.0.0.1:${MISSING_REMOTE_PORT}` },
    },
    ...(distributed
      ? [
          {
            name: 'distributed',
            grepInvert: MISSING_REMOTE_JOURNEYS,
            testIgnore: PHONE_SPEC,
            use: { baseURL: `http://127.0.0.1:${DISTRIBUTED_PORTS.edge}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // `pnpm start` as a newcomer runs it (compiled, compiled first when stale): embedded PostgreSQL on
      // a fresh data dir, in-process bus.
      ...SERVER_DEFAULTS,
      command: 'node services/edge/src/start/start-compiled.mjs embedded',
      url: `http://127.0.0.1:${EMBEDDED_PORT}/api/account/health`,
      env: {
        PORT: String(EMBEDDED_PORT),
        DATA_DIR: process.env.E2E_EMBEDDED_DATA_DIR,
        DATABASE_URL: '',
        NATS_URL: '',
        LOG_LEVEL: 'warn',
        // Links in e-mails and the trusted origin must be the address the browser uses.
        PUBLIC_URL: `http://127.0.0.1:${EMBEDDED_PORT}`,
        // Every test user signs up from 127.0.0.1; the default 5 per minute would throttle the suite.
        AUTH_RATE_LIMIT_MAX: String(E2E_AUTH_RATE_LIMIT_MAX),
        ...E2E_RUN_PACING,
        ...E2E_WEBHOOKS,
      },
    },
    {
      // The embedded composition again, serving a deploy that lacks the billing remote's files.
      ...SERVER_DEFAULTS,
      command: 'node --import tsx services/edge/test/start-missing-remote.ts',
      url: `http://127.0.0.1:${MISSING_REMOTE_PORT}/api/account/health`,
      env: {
        PORT: String(MISSING_REMOTE_PORT),
        DATA_DIR: join(tmpdir(), `prospector-e2e-missing-remote-data-${process.pid}`),
        E2E_MISSING_REMOTE_ROOT: process.env.E2E_MISSING_REMOTE_ROOT,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${MISSING_REMOTE_PORT}`,
        AUTH_RATE_LIMIT_MAX: String(E2E_AUTH_RATE_LIMIT_MAX),
      },
    },
    ...(distributed
      ? [
          {
            ...SERVER_DEFAULTS,
            command: 'node --import tsx shell/e2e/support/start-distributed.ts',
            url: `http://127.0.0.1:${DISTRIBUTED_PORTS.edge}/api/billing/health`,
          },
        ]
      : []),
  ],
});
