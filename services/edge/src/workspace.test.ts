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

/** Source files of every workspace package (tests and configs too: they read variables as well). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', '.data', 'test-results'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

// What the machine or the test runner sets, not this project.
const NOT_OURS = new Set(['CI', 'PATH', 'HOME']);

describe('.env.example', () => {
  const documented = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
  const read = new Set<string>();
  for (const file of PACKAGE_DIRS.flatMap(sourceFiles)) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const [, name] of text.matchAll(/process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g))
      read.add(name as string);
    // The zod schemas of the env.ts files name their variables as keys.
    if (/env\.ts$/.test(file)) {
      for (const [, name] of text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) read.add(name as string);
    }
  }

  it('names every environment variable the code reads', () => {
    const missing = [...read].filter(
      (name) => !NOT_OURS.has(name) && !new RegExp(`\\b${name}\\b`).test(documented),
    );
    expect(missing).toEqual([]);
  });

  it('finds the variables it checks', () => {
    expect([...read]).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'PORT', 'LOG_LEVEL']),
    );
  });
});
