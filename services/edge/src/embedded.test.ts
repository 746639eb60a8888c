import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { SERVICES } from './composition/services.ts';
import { REPO_ROOT, rootStartCommand } from './paths.ts';
import { isStale, SERVER_ENTRIES, stampPath } from './start/server-build.mjs';
import { answers, groupAlive, useDeployable } from './testing/_child-process.ts';

/** The root package's `start` script, the README's run command: node, the launcher and its arguments. */
function startCommand() {
  const [runtime, script = '', ...args] = rootStartCommand();
  return { runtime, script, args };
}

// `pnpm start` as a newcomer runs it (embedded PostgreSQL, in-process bus), stopped with Ctrl-C.
describe('pnpm start', () => {
  const deployable = useDeployable('prospector-start-');

  it('runs the compiled server, which answers for every service and the web app and stops on Ctrl-C after every service has stopped and the database is shut down', async () => {
    const port = await findFreePort();
    const command = startCommand();
    // Compiled JavaScript, compiled first when stale: no TypeScript compiler at run time.
    expect(command.runtime).toBe('node');
    expect(command.script).toMatch(/\.mjs$/);
    // A build it cannot trust (here: no stamp, as after a build that stopped part way) is compiled again.
    const compiled = SERVER_ENTRIES.embedded as { source: string; output: string };
    rmSync(join(REPO_ROOT, stampPath(compiled.output)), { force: true });
    const app = deployable.start(command.script, { PORT: String(port), LOG_LEVEL: 'info' }, command.args);

    await expect
      .poll(() => answers(`http://127.0.0.1:${port}/api/account/health`), { timeout: 150_000, interval: 500 })
      .toBe(200)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n--- its output ---\n${app.output()}`);
      });
    // Each service applied its migrations, found beside its sources, and the web app its build.
    for (const service of SERVICES) {
      expect(await answers(`http://127.0.0.1:${port}/api/${service.name}/health`), service.name).toBe(200);
    }
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(200);
    expect(app.output()).toContain('Compiling the server (embedded: not compiled yet, or changed since)');
    expect(isStale(compiled)).toBe(false);

    expect(await app.stop('SIGINT'), app.output()).toBe(0);
    const stopped = app
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"service stopped"'))
      .map((line) => (JSON.parse(line) as { service: string }).service)
      .sort();
    expect(stopped).toEqual(SERVICES.map((service) => service.name).sort());
    expect(existsSync(join(deployable.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await expect.poll(() => groupAlive(app.pid), { timeout: 15_000 }).toBe(false);
  }, 240_000);
});
