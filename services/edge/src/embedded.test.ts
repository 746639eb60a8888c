import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { answers, groupAlive, useDeployable } from './_child-process.ts';
import { SERVICES } from './services.ts';

// `pnpm start` as a newcomer runs it (embedded PostgreSQL, in-process bus), stopped with Ctrl-C.
describe('pnpm start', () => {
  const deployable = useDeployable('prospector-start-');

  it('stops on Ctrl-C after every service has stopped and the database is shut down', async () => {
    const port = await findFreePort();
    const app = deployable.start('services/edge/src/embedded.ts', {
      PORT: String(port),
      LOG_LEVEL: 'info',
    });

    await expect
      .poll(() => answers(`http://127.0.0.1:${port}/api/account/health`), { timeout: 150_000, interval: 500 })
      .toBe(200)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n--- its output ---\n${app.output()}`);
      });

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
