import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { TRemoteName } from '@prospector/contracts';
import { REPO_ROOT, remoteDist, shellDist } from '../paths.ts';

/**
 * What a browser downloads to show a page of the built app, worked out from the build output alone
 * (deterministic: no browser, no timing): the shell's index.html and what it links, every module
 * reachable from those by static import, the shared singletons the shell provides at start (its
 * local shared import map), then the page's own code — a lazy shell chunk, or a remote's entry and
 * exposed module with their static imports and stylesheets.
 */

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"'](\.{1,2}\/[^`"']+)[`"']\s*\)/g;

const read = (path: string) => readFileSync(path, 'utf8');

/** Files a module pulls in by static import, transitively (including itself). */
function staticClosure(entries: string[], into = new Set<string>()): Set<string> {
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (into.has(file)) continue;
    into.add(file);
    if (!file.endsWith('.js')) continue;
    for (const [, specifier] of read(file).matchAll(STATIC_IMPORT))
      queue.push(resolve(dirname(file), specifier as string));
  }
  return into;
}

const dynamicImports = (file: string) =>
  [...read(file).matchAll(DYNAMIC_IMPORT)].map(([, specifier]) =>
    resolve(dirname(file), specifier as string),
  );

/** The shell's start: index.html, its scripts, preloads and stylesheets, and the shared singletons it provides. */
export function shellStartFiles(root = REPO_ROOT): Set<string> {
  const dist = shellDist(root);
  const html = read(join(dist, 'index.html'));
  const linked = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map(([, path]) =>
    join(dist, path as string),
  );
  const files = staticClosure(linked, new Set([join(dist, 'index.html')]));
  for (const file of [...files]) {
    if (/localSharedImportMap/.test(file)) staticClosure(dynamicImports(file), files);
  }
  return files;
}

/** A lazy shell chunk (`React.lazy` route), found by the module's file name, with its static imports. */
export function shellLazyChunkFiles(moduleName: string, root = REPO_ROOT): Set<string> {
  const start = [...shellStartFiles(root)].filter((file) => file.endsWith('.js'));
  const pattern = new RegExp(`/${moduleName}-[\\w-]+\\.js$`);
  const chunk = start.flatMap(dynamicImports).find((file) => pattern.test(file));
  if (!chunk) throw new Error(`no lazy chunk named ${moduleName} is imported by the shell's start`);
  return staticClosure([chunk]);
}

/** A remote page: its entry (with the remote's shared map), the exposed module and its stylesheets. */
export function remotePageFiles(name: TRemoteName, expose: string, root = REPO_ROOT): Set<string> {
  const dist = remoteDist(name, root);
  const entry = join(dist, 'remoteEntry.js');
  const source = read(entry);
  const files = staticClosure([entry]);
  // The remote's shared map is imported at init; the fallbacks it lists are not (the shell provides them).
  for (const file of dynamicImports(entry))
    if (/localSharedImportMap/.test(file)) staticClosure([file], files);
  const exposed = new RegExp(`"\\./${expose}":async\\(\\)=>\\{.*?import\\(\`(\\./[^\`]+)\``).exec(
    source,
  )?.[1];
  if (!exposed) throw new Error(`${name} does not expose ${expose}`);
  staticClosure([join(dist, exposed)], files);
  const styles = new RegExp(`"\\./${expose}":\\[([^\\]]*)\\]`).exec(source)?.[1] ?? '';
  for (const [, css] of styles.matchAll(/"(\.\/[^"]+\.css)"/g)) files.add(join(dist, css as string));
  return files;
}

/** Sizes as sent: the precompressed variant the edge serves, else what compressing it gives. */
export function transferSize(files: Iterable<string>) {
  const total = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of new Set(files)) {
    const body = readFileSync(file);
    total.files += 1;
    total.raw += body.length;
    total.brotli += existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).length
      : Math.min(
          body.length,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        );
    total.gzip += existsSync(`${file}.gz`)
      ? readFileSync(`${file}.gz`).length
      : Math.min(body.length, gzipSync(body, { level: 9 }).length);
  }
  return total;
}

export const describeFiles = (files: Iterable<string>, root = REPO_ROOT) =>
  [...files].map((file) => relative(root, file)).sort();
