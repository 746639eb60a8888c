import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZErrorBodySchema } from '@prospector/contracts';
import { findFreePort } from '@prospector/db';
import { createLogger } from '@prospector/service-kit';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { createWebRoot, remoteEntrySource, SHELL_INDEX_HTML } from '../testing/_factories.ts';
import { startEmbedded } from './start-embedded.ts';

const logger = createLogger({ test: 'embedded' }, 'silent');

/**
 * A child that loads the whole app under tsx before it can refuse: 2–5 s on a quiet machine, past 40 s
 * while CI runs three test files beside it on 2 cores. What these tests check is what it prints.
 */
const CHILD_TEST_TIMEOUT = 120_000;

/** Runs `pnpm start`'s entry point as a user would and returns what it printed. */
function runStart(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/edge/src/embedded.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', NATS_URL: '', ...env },
    encoding: 'utf8',
    timeout: CHILD_TEST_TIMEOUT - 10_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout };
}

describe('embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-embedded-'));
  // Run as root, embedded PostgreSQL works as the postgres user, who must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves every service on one port and reuses its data on the next start', async () => {
    const first = await startEmbedded({ port: 0, dataDir, logger, web: false });
    expect(first.databaseSource).toBe('embedded');
    expect(first.busKind).toBe('memory');
    for (const name of ['account', 'marketing', 'extractor', 'database', 'billing']) {
      const response = await fetch(`${first.url}/api/${name}/health`);
      expect(response.status, name).toBe(200);
    }
    const sql = postgres(first.databaseUrl, { onnotice: () => {} });
    await sql`create table public.reuse_marker (note text)`;
    await sql`insert into public.reuse_marker values ('kept')`;
    await sql.end();
    await first.stop();

    const second = await startEmbedded({ port: 0, dataDir, logger, web: false });
    const again = postgres(second.databaseUrl, { onnotice: () => {} });
    const rows = await again`select note from public.reuse_marker`;
    await again.end();
    await second.stop();
    expect(rows.map((row) => row.note)).toEqual(['kept']);
  });

  it('answers unknown API routes with the JSON error body and the web app routes with the shell', async () => {
    const deploy = createWebRoot({ remotes: ['marketing'] });
    const server = await startEmbedded({ port: 0, dataDir, logger, web: { root: deploy.root } });
    try {
      for (const [method, path] of [
        ['GET', '/api/nothing-here'],
        ['POST', '/api/nothing-here'],
        ['GET', '/api/account/nothing-here'],
        ['DELETE', '/api/billing/nothing-here'],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('NOT_FOUND');
      }
      const page = await fetch(`${server.url}/dashboard/billing`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(SHELL_INDEX_HTML);
      expect((await fetch(`${server.url}/remotes/billing/remoteEntry.js`)).status).toBe(404);
    } finally {
      await server.stop();
      deploy.remove();
    }
  });

  /** A logger whose `started` settles once every service has logged that it started. */
  function servicesStartedLogger() {
    let allStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    const names = new Set<string>();
    const write = (line: string) => {
      const entry = JSON.parse(line) as { msg?: string; service?: string };
      if (entry.msg === 'service started' && entry.service) names.add(entry.service);
      if (names.size === 5) allStarted();
    };
    return { logger: createLogger({}, 'info', write), started };
  }

  it('starts the database and the services while the web app builds, and listens once it is built', async () => {
    const { logger: watched, started } = servicesStartedLogger();
    let built: () => void = () => {};
    const webReady = new Promise<void>((resolve) => {
      built = resolve;
    });
    let listening = false;
    const starting = startEmbedded({ port: 0, dataDir, logger: watched, web: false, webReady });
    void starting.then(() => {
      listening = true;
    });
    await started;
    expect(listening).toBe(false);
    built();
    const server = await starting;
    try {
      expect((await fetch(`${server.url}/api/billing/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('serves the first page while a remote still builds, and that remote once it is built', async () => {
    const { logger: watched, started } = servicesStartedLogger();
    const deploy = createWebRoot({ remotes: ['marketing'] });
    let laterBuilt: () => void = () => {};
    const built = new Promise<void>((resolve) => {
      laterBuilt = resolve;
    });
    const port = await findFreePort();
    const starting = startEmbedded({
      port,
      dataDir,
      logger: watched,
      web: { root: deploy.root },
      webReady: Promise.resolve(),
      webLater: { built, remotes: ['billing'] },
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      await started;
      expect(await (await fetch(`${url}/`)).text()).toBe(SHELL_INDEX_HTML);
      expect(await (await fetch(`${url}/remotes/marketing/remoteEntry.js`)).text()).toBe(
        remoteEntrySource('marketing'),
      );
      const billing = fetch(`${url}/remotes/billing/remoteEntry.js`);
      const api = fetch(`${url}/api/billing/health`);
      const answered = await Promise.race([
        Promise.any([billing, api]).then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 500)),
      ]);
      expect(answered).toBe(false);

      mkdirSync(join(deploy.root, 'mfe-billing', 'dist'), { recursive: true });
      writeFileSync(join(deploy.root, 'mfe-billing', 'dist', 'remoteEntry.js'), remoteEntrySource('billing'));
      laterBuilt();
      expect(await (await billing).text()).toBe(remoteEntrySource('billing'));
      expect((await api).status).toBe(200);
    } finally {
      await (await starting).stop();
      deploy.remove();
    }
  });

  it('stops what it started and throws the build error when a remote built after the first page fails', async () => {
    const { logger: watched, started } = servicesStartedLogger();
    let failBuild: (error: Error) => void = () => {};
    const built = new Promise<void>((_, reject) => {
      failBuild = reject;
    });
    const starting = startEmbedded({
      port: 0,
      dataDir,
      logger: watched,
      web: false,
      webReady: Promise.resolve(),
      webLater: { built, remotes: ['billing'] },
    });
    await started;
    failBuild(new Error('Building the web app failed (exit code 1).'));
    await expect(starting).rejects.toThrow('Building the web app failed (exit code 1).');
    const next = await startEmbedded({ port: 0, dataDir, logger, web: false });
    await next.stop();
  });

  it('stops what it started and throws the build error when the web app fails to build', async () => {
    const { logger: watched, started } = servicesStartedLogger();
    let failBuild: (error: Error) => void = () => {};
    const webReady = new Promise<void>((_, reject) => {
      failBuild = reject;
    });
    const starting = startEmbedded({ port: 0, dataDir, logger: watched, web: false, webReady });
    await started;
    failBuild(new Error('Building the web app failed (exit code 1).'));
    await expect(starting).rejects.toThrow('Building the web app failed (exit code 1).');
    // The embedded database was stopped: the next start on the same data directory runs it again.
    const next = await startEmbedded({ port: 0, dataDir, logger, web: false });
    await next.stop();
  });

  it(
    'refuses a port in use with one clear line',
    async () => {
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
      const port = (blocker.address() as { port: number }).port;
      try {
        const { status, stderr } = runStart({ PORT: String(port), DATA_DIR: dataDir });
        expect(status).toBe(1);
        expect(stderr).toBe(
          `Prospector could not start: Port ${port} is already in use. Stop the other process or set PORT to a free port.`,
        );
      } finally {
        blocker.close();
      }
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'refuses an unreachable DATABASE_URL with one clear line',
    () => {
      const { status, stderr } = runStart({
        PORT: '0',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere',
      });
      expect(status).toBe(1);
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toMatch(
        /^Prospector could not start: Cannot connect to the database at 127\.0\.0\.1:1\/nowhere: .+ Check DATABASE_URL, or unset it to use the embedded database\.$/,
      );
    },
    CHILD_TEST_TIMEOUT,
  );

  // At the default log level, as a user runs it: nothing but the one line may reach the terminal.
  it.each([
    {
      case: 'a URL whose credentials postgres.js cannot decode',
      url: 'postgres://user:%E0%A4%A@127.0.0.1:5432/test',
      line: /^Prospector could not start: DATABASE_URL is not a URL PostgreSQL can use \(URI malformed\)\. Check DATABASE_URL, or unset it to use the embedded database\.$/,
    },
    {
      case: 'localhost on a closed port',
      url: 'postgres://postgres@localhost:1/test',
      line: /^Prospector could not start: Cannot connect to the database at localhost:1\/test: \S.*ECONNREFUSED.*\. Check DATABASE_URL, or unset it to use the embedded database\.$/,
    },
    {
      case: 'a URL that is not postgres://',
      url: 'mysql://root@127.0.0.1:3306/test',
      line: /^Invalid environment for embedded server: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL\.$/,
    },
  ])(
    'refuses $case with one line naming DATABASE_URL',
    ({ url, line }) => {
      const { status, stderr, stdout } = runStart({ PORT: '0', DATABASE_URL: url, LOG_LEVEL: '' });
      expect(status).toBe(1);
      expect(stderr.split('\n')).toEqual([expect.stringMatching(line)]);
      expect(stdout).toBe('');
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'lists every bad variable and exits',
    () => {
      const { status, stderr } = runStart({
        PORT: 'abc',
        NATS_URL: 'http://x',
        LOG_LEVEL: 'loud',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: '',
      });
      expect(status).toBe(1);
      expect(stderr).toContain('Invalid environment for embedded server');
      for (const variable of ['PORT', 'NATS_URL', 'LOG_LEVEL', 'STRIPE_WEBHOOK_SECRET'])
        expect(stderr).toContain(`- ${variable}:`);
    },
    CHILD_TEST_TIMEOUT,
  );
});
