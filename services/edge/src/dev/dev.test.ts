import { findFreePort } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { answers, groupAlive, useDeployable } from '../testing/_child-process.ts';

// `pnpm dev` as a newcomer runs it (embedded PostgreSQL, in-process bus), on ports of its own.
describe('pnpm dev', () => {
  const deployable = useDeployable('prospector-dev-');

  it('serves the app, the manifest and the API through one origin, and stops with all its processes', async () => {
    const port = await findFreePort();
    const apiPort = await findFreePort();
    const dev = deployable.start('services/edge/src/dev/dev.ts', {
      PORT: String(port),
      DEV_API_PORT: String(apiPort),
      LOG_LEVEL: 'warn',
    });
    const origin = `http://localhost:${port}`;

    await expect
      .poll(() => answers(`${origin}/api/account/health`), { timeout: 120_000, interval: 500 })
      .toBe(200);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const manifest = await fetch(`${origin}/remotes/manifest.json`);
    expect(await manifest.json()).toEqual({
      remotes: ['marketing', 'extractor', 'database', 'billing'].map((name) => ({
        name,
        entry: `/remotes/${name}/remoteEntry.js`,
      })),
    });
    // A remote's own dev server answers through the same origin.
    expect(await answers(`${origin}/remotes/billing/remoteEntry.js`)).toBe(200);
    expect(dev.output()).toContain(`Prospector (development) at http://localhost:${port}`);

    expect(await dev.stop('SIGTERM'), dev.output()).toBe(0);
    await expect.poll(() => groupAlive(dev.pid), { timeout: 15_000 }).toBe(false);
    expect(await answers(`${origin}/`)).toBeUndefined();
  }, 180_000);
});
