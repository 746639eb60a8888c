import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  REMOTE_MANIFEST_PATH,
  REMOTE_NAMES,
  remoteBasePath,
  remoteEntryPath,
  type TRemoteManifest,
  type TRemoteName,
} from '@prospector/contracts';
import { notFoundHandler, securityHeaders } from '@prospector/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import { REPO_ROOT, remoteDist, shellDist } from './paths.ts';

export interface TWebOptions {
  /** Workspace root holding `shell/dist` and `mfe-*\/dist`. */
  root?: string;
  /** Where each remote's entry lives when it is not served from this origin. */
  remoteEntries?: Partial<Record<TRemoteName, string>>;
}

export function buildRemoteManifest(overrides: TWebOptions['remoteEntries'] = {}): TRemoteManifest {
  return { remotes: REMOTE_NAMES.map((name) => ({ name, entry: overrides[name] ?? remoteEntryPath(name) })) };
}

// Vite names every asset with a content hash, so those may be cached forever; entry points never.
const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

/**
 * serveStatic with cache headers. Its `onFound` runs after the response is built, so headers set
 * there never reach the browser: they go on the response it returns instead.
 */
function serveBuilt(options: Parameters<typeof serveStatic>[0]): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    const found = await serve(c, next);
    // Anything but a Response means the file was missing and the next handler answered.
    if (!(found instanceof Response)) return;
    found.headers.set(
      'Cache-Control',
      HASHED_ASSET.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    return found;
  };
}

const API_PATH = /^\/api(\/|$)/;

/** Origins of remote entries served from elsewhere, which the pages must be allowed to load. */
function remoteOrigins(entries: TWebOptions['remoteEntries'] = {}): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(entries)) {
    if (entry && /^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

/** Serves the shell (with SPA fallback), each remote under `/remotes/<name>/`, and the runtime manifest. */
export function createWebRoutes(options: TWebOptions = {}) {
  const root = options.root ?? REPO_ROOT;
  const manifest = buildRemoteManifest(options.remoteEntries);
  const web = new Hono();
  web.use('*', securityHeaders({ extraOrigins: remoteOrigins(options.remoteEntries) }));

  web.get(REMOTE_MANIFEST_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(manifest);
  });

  for (const name of REMOTE_NAMES) {
    const base = remoteBasePath(name);
    web.use(
      `${base}*`,
      serveBuilt({
        root: remoteDist(name, root),
        rewriteRequestPath: (path) => path.slice(base.length - 1),
      }),
    );
    // A missing remote file is a plain 404, never the shell's index.html: the shell then shows its
    // retryable error card instead of trying to execute HTML as JavaScript.
    web.get(`${base}*`, (c) => c.text('Not found', 404));
  }

  web.use('*', serveBuilt({ root: shellDist(root) }));

  let indexHtml: Promise<string> | undefined;
  web.get('*', async (c) => {
    // An unknown API path is an API error, never the web app's page.
    if (API_PATH.test(c.req.path)) return notFoundHandler(c);
    indexHtml ??= readFile(join(shellDist(root), 'index.html'), 'utf8');
    try {
      c.header('Cache-Control', 'no-cache');
      return c.html(await indexHtml);
    } catch {
      indexHtml = undefined;
      return c.text('The web app is not built. Run `pnpm build`.', 503);
    }
  });
  return web;
}
