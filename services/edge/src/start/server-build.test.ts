import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, buildStaleServer, isStale, stampPath } from './server-build.mjs';

// A small workspace shaped like ours: a service entry that imports a workspace package by path, reads
// a file beside its source (as the services read their `drizzle/` folders), and imports a dependency
// from node_modules.
const FILES: Record<string, string> = {
  'services/demo/src/main.ts': [
    "import { readFileSync } from 'node:fs';",
    "import { dependency } from 'demo-dependency';",
    "import { value } from '../../../packages/lib/src/value.ts';",
    "const migration = readFileSync(new URL('../drizzle/0000_init.sql', import.meta.url), 'utf8').trim();",
    'const folder: string = import.meta.dirname;',
    'console.log(JSON.stringify({ value, migration, dependency, folder }));',
  ].join('\n'),
  'services/demo/drizzle/0000_init.sql': 'create table demo ();',
  'packages/lib/src/value.ts': "export const value: string = 'first';",
  'node_modules/demo-dependency/package.json': JSON.stringify({
    name: 'demo-dependency',
    type: 'module',
    // Node loads `import`; what bundlers' `module` condition and field name must not be used.
    module: './wrong.js',
    exports: { module: './wrong.js', import: './right.js', require: './wrong.js' },
  }),
  'node_modules/demo-dependency/right.js': "export const dependency = 'the file Node loads';",
  'node_modules/demo-dependency/wrong.js': "export const dependency = 'wrong file';",
};
const ENTRIES = { demo: { source: 'services/demo/src/main.ts', output: 'services/demo/dist/main.js' } };
const DEMO = ENTRIES.demo;

describe('the compiled server', () => {
  let root: string;
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  /** Runs the compiled entry from `from` (the workspace root) and parses what it printed. */
  const run = (from = root) => {
    const result = spawnSync(process.execPath, [join(from, DEMO.output)], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as Record<string, string>;
  };
  const options = () => ({ root, entries: ENTRIES });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'prospector-server-build-'));
    for (const [path, content] of Object.entries(FILES)) write(path, content);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('bundles the entry with its workspace code and finds files beside the sources, even moved', async () => {
    expect(isStale(DEMO, root)).toBe(true);
    await buildServer(['demo'], options());

    expect(run()).toEqual({
      value: 'first',
      migration: 'create table demo ();',
      dependency: 'the file Node loads',
      folder: join(root, 'services/demo/src'),
    });
    // The checkout moved: paths follow it, since they are relative to the output.
    const moved = mkdtempSync(join(tmpdir(), 'prospector-server-moved-'));
    try {
      cpSync(root, moved, { recursive: true });
      rmSync(join(root, 'services/demo/drizzle'), { recursive: true });
      expect(run(moved).folder).toBe(join(moved, 'services/demo/src'));
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('keeps the names of classes and functions that two modules both declare', async () => {
    // Both files declare `Thing` and `make` at the top level: the bundle renames one of each.
    write('packages/lib/src/first.ts', 'export class Thing {}\nexport function make() { return () => 1; }');
    write('packages/lib/src/second.ts', 'export class Thing {}\nexport function make() { return () => 2; }');
    write(
      DEMO.source,
      [
        "import * as first from '../../../packages/lib/src/first.ts';",
        "import * as second from '../../../packages/lib/src/second.ts';",
        'const named = (x: { name: string }) => x.name;',
        'const made = { perCall: () => 0 };',
        'console.log(JSON.stringify({',
        '  classes: [named(first.Thing), named(second.Thing), new second.Thing().constructor.name],',
        '  functions: [named(first.make), named(second.make), named(made.perCall)],',
        '}));',
      ].join('\n'),
    );
    await buildServer(['demo'], options());
    expect(run()).toEqual({ classes: ['Thing', 'Thing', 'Thing'], functions: ['make', 'make', 'perCall'] });
  });

  it('is reused while its sources are unchanged, and rebuilt once one changes', async () => {
    const log: string[] = [];
    expect(await buildStaleServer(['demo'], (line) => log.push(line), options())).toEqual(['demo']);
    expect(log[0]).toMatch(/^Compiling the server \(demo: not compiled yet, or changed since\)/);
    expect(await buildStaleServer(['demo'], (line) => log.push(line), options())).toEqual([]);
    expect(log).toHaveLength(2);

    // Rewritten with the same content (a checkout, a formatter with nothing to do): still reused.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'packages/lib/src/value.ts'), later, later);
    expect(isStale(DEMO, root)).toBe(false);

    write('packages/lib/src/value.ts', "export const value: string = 'second';");
    expect(isStale(DEMO, root)).toBe(true);
    expect(await buildStaleServer(['demo'], () => {}, options())).toEqual(['demo']);
    expect(run().value).toBe('second');
    expect(isStale(DEMO, root)).toBe(false);
  });

  it('is stale when a dependency changes, an input is gone, or the output or its stamp is', async () => {
    const rebuilt = async () => {
      await buildServer(['demo'], options());
      expect(isStale(DEMO, root)).toBe(false);
    };
    await rebuilt();
    write('node_modules/demo-dependency/right.js', "export const dependency = 'upgraded';");
    expect(isStale(DEMO, root)).toBe(true);

    await rebuilt();
    rmSync(join(root, 'packages/lib/src/value.ts'));
    expect(isStale(DEMO, root)).toBe(true);
    write('packages/lib/src/value.ts', "export const value: string = 'first';");

    await rebuilt();
    rmSync(join(root, DEMO.output));
    expect(isStale(DEMO, root)).toBe(true);

    await rebuilt();
    rmSync(join(root, stampPath(DEMO.output)));
    expect(isStale(DEMO, root)).toBe(true);
  });

  it('fails with the file and line when the sources do not compile, writing nothing', async () => {
    write('packages/lib/src/value.ts', "export const value: string = 'unclosed;");
    await expect(buildServer(['demo'], options())).rejects.toThrow(
      /^Compiling the server failed: .+ \(packages\/lib\/src\/value\.ts:1\)$/,
    );
    expect(existsSync(join(root, DEMO.output))).toBe(false);
    expect(isStale(DEMO, root)).toBe(true);
  });

  it.each([
    ['__dirname', "readFileSync(__dirname + '/data.txt', 'utf8')", 'uses __dirname or __filename'],
    ['import.meta', "readFileSync(new URL('./data.txt', import.meta.url), 'utf8')", 'uses import.meta'],
  ])(
    'refuses to bundle a dependency that finds files beside its own with %s, naming it',
    async (_, read, problem) => {
      write(
        'node_modules/demo-dependency/right.js',
        `import { readFileSync } from 'node:fs';\nexport const dependency = ${read};`,
      );
      await expect(buildServer(['demo'], options())).rejects.toThrow(
        `Compiling the server failed: node_modules/demo-dependency/right.js ${problem}: add its package to KEEP_EXTERNAL.`,
      );
      expect(isStale(DEMO, root)).toBe(true);
    },
  );
});
