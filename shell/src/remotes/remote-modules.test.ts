import type { TRemoteName } from '@prospector/contracts';
import { REMOTE_NAMES } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { REMOTE_MODULES } from './remote-modules.ts';

/** What each remote's module-federation.config.ts exposes, as `<remote>/<Module>`. */
async function exposedModules(name: TRemoteName): Promise<string[]> {
  const config = (await import(`mfe-${name}/module-federation.config`)) as {
    default: { exposes?: Record<string, string> };
  };
  return Object.keys(config.default.exposes ?? {}).map((key) => `${name}/${key.replace(/^\.\//, '')}`);
}

describe('REMOTE_MODULES', () => {
  it("lists exactly what the remotes' Module Federation configs expose", async () => {
    const exposed = (await Promise.all(REMOTE_NAMES.map(exposedModules))).flat();
    expect([...REMOTE_MODULES].sort()).toEqual(exposed.sort());
  });
});
