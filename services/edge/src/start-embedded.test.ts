import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@prospector/service-kit';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';
import { startEmbedded } from './start-embedded.ts';

const logger = createLogger({ test: 'embedded' }, 'silent');

/** Runs `pnpm start`'s entry point as a user would and returns what it printed. */
function runStart(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/edge/src/embedded.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', NATS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
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

  it('refuses a port in use with one clear line', async () => {
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
  });

  it('refuses an unreachable DATABASE_URL with one clear line', () => {
    const { status, stderr } = runStart({
      PORT: '0',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere',
    });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^Prospector could not start: Cannot connect to the database at 127\.0\.0\.1:1\/nowhere: .+ Check DATABASE_URL, or unset it to use the embedded database\.$/,
    );
  });

  it('lists every bad variable and exits', () => {
    const { status, stderr } = runStart({ PORT: 'abc', NATS_URL: 'http://x', LOG_LEVEL: 'loud' });
    expect(status).toBe(1);
    expect(stderr).toContain('Invalid environment for embedded server');
    for (const variable of ['PORT', 'NATS_URL', 'LOG_LEVEL']) expect(stderr).toContain(`- ${variable}:`);
  });
});
