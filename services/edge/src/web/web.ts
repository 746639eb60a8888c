import { join } from 'node:path';
import {
  buildRemoteManifest,
  LANDING_PRERENDER_FILE,
  REMOTE_MANIFEST_PATH,
  REMOTE_NAMES,
  remoteBasePath,
  remoteEntryPath,
  type TRemoteName,
} from '@prospector/contracts';
import { notFoundHandler, securityHeaders } from '@prospector/service-kit';
import { Hono } from 'hono';
import { REPO_ROOT, remoteDist, shellDist } from '../paths.ts';
import { createLandingPage, hasSessionCookie } from './landing-html.ts';
import { serveJsonRevalidated } from './revalidated-json.ts';
import { sendBuiltFile, serveBuiltFiles } from './static-files.ts';

export interface TWebOptions {
  /** Workspace root holding `shell/dist` and `mfe-*\/dist`. */
  root?: string;
  /** Where each remote's entry lives when it is not served from this origin. */
  remoteEntries?: Partial<Record<TRemoteName, string>>;
}

// Vite names every asset with a content hash, so those may be cached forever; entry points
// (index.html, remoteEntry.js, the manifest) are revalidated on every use (ETag / Last-Modified → 304).
const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;
const cacheControlFor = (path: string) =>
  HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';

const API_PATH = /^\/api(\/|$)/;

/** Origins of remote entries served from elsewhere, which the pages must be allowed to load. */
function remoteOrigins(entries: TWebOptions['remoteEntries'] = {}): string[] {
  const remote = Object.values(entries).filter((entry): entry is string => /^https?:\/\//.test(entry ?? ''));
  return [...new Set(remote.map((entry) => new URL(entry).origin))];
}

/** Serves the shell (with SPA fallback), each remote under `/remotes/<name>/`, and the runtime manifest. */
export function createWebRoutes(options: TWebOptions = {}) {
  const root = options.root ?? REPO_ROOT;
  const manifest = buildRemoteManifest(options.remoteEntries);
  const web = new Hono();
  web.use('*', securityHeaders({ extraOrigins: remoteOrigins(options.remoteEntries) }));

  web.get(REMOTE_MANIFEST_PATH, serveJsonRevalidated(manifest));

  for (const name of REMOTE_NAMES) {
    const base = remoteBasePath(name);
    web.use(
      `${base}*`,
      serveBuiltFiles({
        root: remoteDist(name, root),
        rewriteRequestPath: (path) => path.slice(base.length - 1),
        cacheControl: cacheControlFor,
      }),
    );
    // A missing remote file is a plain 404, never the shell's index.html: the shell then shows its
    // retryable error card instead of trying to execute HTML as JavaScript.
    web.get(`${base}*`, (c) => c.text('Not found', 404));
  }

  web.use('*', serveBuiltFiles({ root: shellDist(root), cacheControl: cacheControlFor }));

  const indexPath = join(shellDist(root), 'index.html');
  const landingPage = createLandingPage({
    indexPath,
    prerenderPath: join(remoteDist('marketing', root), LANDING_PRERENDER_FILE),
    manifestPath: REMOTE_MANIFEST_PATH,
    marketingEntry: options.remoteEntries?.marketing ?? remoteEntryPath('marketing'),
  });

  web.get('*', async (c) => {
    // An unknown API path is an API error, never the web app's page.
    if (API_PATH.test(c.req.path)) return notFoundHandler(c);
    if (c.req.path === '/') {
      // The landing's first screen is a signed-out visitor's; a signed-in one (whose header offers
      // the dashboard instead) gets the plain page and sees the landing once the app renders it.
      const landing = hasSessionCookie(c.req.header('Cookie')) ? undefined : await landingPage(c);
      if (landing) return landing;
    }
    const page = await sendBuiltFile(c, indexPath, 'no-cache');
    if (page && c.req.path === '/') page.headers.set('Vary', 'Accept-Encoding, Cookie');
    return page ?? c.text('The web app is not built. Run `pnpm build`.', 503);
  });
  return web;
}
