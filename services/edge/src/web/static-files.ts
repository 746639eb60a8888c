import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** The precompressed variants a build holds (see packages/config/src/frontend/precompress.ts), best first. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a client accepts (`Accept-Encoding`, q-values honoured; `q=0` refuses). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('*')) for (const { encoding } of VARIANTS) accepted.add(encoding);
  return accepted;
}

async function fileStats(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** Same file, same validator, whichever encoding is sent (a weak ETag allows that). */
const etagOf = (stats: Stats) => `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

/** Whether the client's cached copy (If-None-Match, else If-Modified-Since) is still current. */
export function isNotModified(c: Context, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''));
  }
  const ifModifiedSince = c.req.header('If-Modified-Since');
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * Sends one built file: the smallest precompressed variant the client accepts, with its
 * Content-Type (of the original), Content-Length, `Vary: Accept-Encoding`, an ETag and
 * Last-Modified, or 304 when the client's copy is current. Undefined when there is no such file.
 */
export async function sendBuiltFile(
  c: Context,
  path: string,
  cacheControl: string,
): Promise<Response | undefined> {
  const original = await fileStats(path);
  if (!original) return undefined;
  const mimeType = getMimeType(path) ?? 'application/octet-stream';
  const etag = etagOf(original);
  const headers: Record<string, string> = {
    'Content-Type': mimeType,
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': original.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (isNotModified(c, etag, original.mtime)) return c.body(null, 304, headers);

  const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
  let sent = { path, size: original.size };
  for (const { encoding, suffix } of VARIANTS) {
    if (!accepted.has(encoding)) continue;
    const variant = await fileStats(path + suffix);
    // A variant older than its file is left over from an earlier build: never serve stale code.
    if (!variant || variant.mtimeMs < original.mtimeMs) continue;
    headers['Content-Encoding'] = encoding;
    sent = { path: path + suffix, size: variant.size };
    break;
  }
  headers['Content-Length'] = String(sent.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(await readFile(sent.path), 200, headers);
}

const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/;

export interface TServeBuiltOptions {
  root: string;
  /** Maps the request path to the path inside `root`. */
  rewriteRequestPath?: (path: string) => string;
  /** Cache-Control for a file, from its request path. */
  cacheControl: (path: string) => string;
}

/** Middleware serving a build folder's files through {@link sendBuiltFile}; anything else falls through. */
export function serveBuiltFiles(options: TServeBuiltOptions): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let requested: string;
    try {
      requested = decodeURI(c.req.path);
    } catch {
      return next();
    }
    if (UNSAFE_PATH.test(requested) || requested.endsWith('/')) return next();
    const relative = options.rewriteRequestPath ? options.rewriteRequestPath(requested) : requested;
    const response = await sendBuiltFile(c, join(options.root, relative), options.cacheControl(c.req.path));
    return response ?? next();
  };
}
