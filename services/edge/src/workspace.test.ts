import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';

// Every package folder the workspace globs (pnpm-workspace.yaml) match.
const PACKAGE_DIRS = [
  ...['packages', 'services'].flatMap((parent) =>
    readdirSync(join(REPO_ROOT, parent)).map((name) => `${parent}/${name}`),
  ),
  'shell',
  ...readdirSync(REPO_ROOT).filter((name) => name.startsWith('mfe-')),
].filter((dir) => existsSync(join(REPO_ROOT, dir, 'package.json')));

describe('workspace packages', () => {
  it.each(PACKAGE_DIRS)('%s exports only files that exist', (dir) => {
    const { exports = {} } = JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    for (const [subpath, target] of Object.entries(exports)) {
      expect(existsSync(join(REPO_ROOT, dir, target)), `${subpath} → ${target}`).toBe(true);
    }
  });

  it('finds the packages it checks', () => {
    expect(PACKAGE_DIRS).toEqual(
      expect.arrayContaining(['packages/db', 'services/edge', 'shell', 'mfe-billing']),
    );
  });
});
