import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LANDING_PRERENDER_FILE } from '@prospector/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_STAMP,
  EXTRA_BUILD_OUTPUTS,
  FRONTENDS,
  frontendBuildArgs,
  SHARED_FRONTEND_SOURCES,
  staleFrontends,
} from './build-frontends.ts';

const HOUR = 3_600_000;
const BUILT_AT = Date.now() - 24 * HOUR;

describe('staleFrontends', () => {
  let root: string;

  /** Writes a file whose modification time is `at`. */
  const touch = (path: string, at: number, content = '') => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, new Date(at), new Date(at));
  };
  const entryOf = (frontend: string) => (frontend === 'shell' ? 'index.html' : 'remoteEntry.js');

  // Every frontend built an hour after its sources and the shared packages last changed.
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'prospector-builds-'));
    for (const source of SHARED_FRONTEND_SOURCES) {
      touch(
        source.endsWith('.json') || source.endsWith('.yaml') ? source : join(source, 'index.ts'),
        BUILT_AT - HOUR,
      );
    }
    for (const frontend of FRONTENDS) {
      touch(`${frontend}/src/main.tsx`, BUILT_AT - HOUR);
      touch(`${frontend}/index.html`, BUILT_AT - HOUR);
      touch(`${frontend}/vite.config.ts`, BUILT_AT - HOUR);
      touch(`${frontend}/package.json`, BUILT_AT - HOUR);
      touch(`${frontend}/dist/${entryOf(frontend)}`, BUILT_AT);
      for (const output of EXTRA_BUILD_OUTPUTS[frontend] ?? []) touch(`${frontend}/dist/${output}`, BUILT_AT);
    }
    // As the real one: the shell's stylesheet generates the classes every remote uses.
    touch(
      'shell/src/styles.css',
      BUILT_AT - HOUR,
      FRONTENDS.filter((name) => name !== 'shell')
        .map((name) => `@source "../../${name}/src";`)
        .join('\n'),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('leaves up-to-date builds alone', () => {
    expect(staleFrontends(root)).toEqual([]);
  });

  it('builds a frontend that has no build', () => {
    rmSync(join(root, 'mfe-database', 'dist'), { recursive: true });
    expect(staleFrontends(root)).toEqual(['mfe-database']);
  });

  it('rebuilds a frontend when one of its own sources is newer than its build, as after git pull', () => {
    touch('shell/vite.config.ts', Date.now());
    touch('mfe-database/index.html', Date.now());
    expect(staleFrontends(root)).toEqual(['shell', 'mfe-database']);
  });

  it("rebuilds the shell with a remote whose source changed: the shell's stylesheet holds the remote's classes", () => {
    touch('mfe-billing/src/features/billing/components/credit-history.tsx', Date.now());
    expect(staleFrontends(root)).toEqual(['shell', 'mfe-billing']);
  });

  it("rebuilds the marketing remote when its hero changed, so the landing's prerendered first screen follows it", () => {
    touch('mfe-marketing/src/features/landing/components/hero-section.tsx', Date.now());
    expect(staleFrontends(root)).toEqual(['shell', 'mfe-marketing']);
  });

  it("rebuilds the marketing remote when its build lacks the landing's prerendered first screen", () => {
    rmSync(join(root, 'mfe-marketing', 'dist', LANDING_PRERENDER_FILE));
    expect(staleFrontends(root)).toEqual(['mfe-marketing']);
  });

  it('rebuilds every frontend when a workspace package they bundle changed', () => {
    touch('packages/ui/src/components/button.tsx', Date.now());
    expect(staleFrontends(root)).toEqual(FRONTENDS);
  });

  it('ignores node_modules and the packages no frontend bundles', () => {
    touch('mfe-extractor/node_modules/.vite/deps.json', Date.now());
    touch('packages/bus/src/nats-bus.ts', Date.now());
    touch('services/billing/src/env.ts', Date.now());
    expect(staleFrontends(root)).toEqual([]);
  });

  it("trusts the stamp's start time over the build's files, so edits made during a build are not lost", () => {
    // The build began at BUILT_AT and wrote its entry a minute later; a source saved in between is newer.
    touch('mfe-marketing/dist/remoteEntry.js', BUILT_AT + 60_000);
    touch(`mfe-marketing/dist/${BUILD_STAMP}`, BUILT_AT + 60_000, JSON.stringify({ startedAt: BUILT_AT }));
    touch('mfe-marketing/src/pages/landing.tsx', BUILT_AT + 30_000);
    // (The shell, built at BUILT_AT, generates the remote's classes, so it goes along.)
    expect(staleFrontends(root)).toEqual(['shell', 'mfe-marketing']);
  });

  it('builds stale frontends side by side, in any order, one more than the cores and never more than there are', () => {
    expect(frontendBuildArgs(['shell', 'mfe-billing', 'mfe-database', 'mfe-marketing'], 2)).toEqual([
      '--filter',
      'shell',
      '--filter',
      'mfe-billing',
      '--filter',
      'mfe-database',
      '--filter',
      'mfe-marketing',
      '--no-sort',
      '--workspace-concurrency=3',
      'build',
    ]);
    expect(frontendBuildArgs(['shell'], 8)).toContain('--workspace-concurrency=1');
    expect(frontendBuildArgs(['shell', 'mfe-billing'], 1)).toContain('--workspace-concurrency=2');
    expect(frontendBuildArgs(['shell', 'mfe-billing', 'mfe-database'], 1)).toContain(
      '--workspace-concurrency=2',
    );
  });
});
