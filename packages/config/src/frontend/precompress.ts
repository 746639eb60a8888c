import type { Dirent } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 512;

/**
 * Brotli quality: `max` (11) for release builds; `fast` (5) for the builds `pnpm start` makes itself,
 * about 9% larger and some twenty times quicker, so a first start is not spent compressing.
 */
export type TCompressionEffort = 'max' | 'fast';
const BROTLI_QUALITY: Record<TCompressionEffort, number> = { max: constants.BROTLI_MAX_QUALITY, fast: 5 };
/** The variable through which `pnpm start` asks its builds for `fast` compression. */
export const COMPRESSION_EFFORT_ENV = 'PRECOMPRESS_EFFORT';

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a build folder, so the edge
 * serves them by `Accept-Encoding` without compressing per request. A variant that would not be
 * smaller is not written. Returns the files compressed.
 */
export async function precompressDir(dir: string, effort: TCompressionEffort = 'max'): Promise<string[]> {
  const done: string[] = [];
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE_FILE.test(path)) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(path);
        if (size < MIN_BYTES) return;
        const source = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < size) await writeFile(`${path}.br`, br);
        if (gz.length < size) await writeFile(`${path}.gz`, gz);
        done.push(path);
      })(),
    );
  }
  await Promise.all(jobs);
  return done.sort();
}

/**
 * Vite plugin: precompresses the finished build (brotli + gzip). It runs last, after every other
 * plugin (federation writes `remoteEntry.js` late) has written its files.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'prospector:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config) return;
        const effort = process.env[COMPRESSION_EFFORT_ENV] === 'fast' ? 'fast' : 'max';
        await precompressDir(join(config.root, config.build.outDir), effort);
      },
    },
  };
}
