import { join, resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harnessPortOf } from './remote-vite-config.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** A remote's real Vite config, as `pnpm --filter mfe-<name> dev` resolves it. */
const harnessConfig = (name: string) => {
  const root = join(REPO_ROOT, `mfe-${name}`);
  return resolveConfig(
    { configFile: join(root, 'vite.config.ts'), configLoader: 'runner', root, logLevel: 'silent' },
    'serve',
  );
};

describe('the harness port', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is the remote's own unless HARNESS_PORT moves it", async () => {
    expect((await harnessConfig('extractor')).server.port).toBe(5102);
    vi.stubEnv('HARNESS_PORT', '5202');
    expect((await harnessConfig('extractor')).server.port).toBe(5202);
  }, 60_000);

  it('refuses a HARNESS_PORT that is not a port, naming it', () => {
    expect(harnessPortOf({}, 5101)).toBe(5101);
    expect(harnessPortOf({ HARNESS_PORT: ' ' }, 5101)).toBe(5101);
    expect(harnessPortOf({ HARNESS_PORT: '65535' }, 5101)).toBe(65_535);
    for (const bad of ['0', '65536', '51o1', '-1', '5.5'])
      expect(() => harnessPortOf({ HARNESS_PORT: bad }, 5101)).toThrow(
        `HARNESS_PORT must be a port number from 1 to 65535, not "${bad}"`,
      );
  });
});
