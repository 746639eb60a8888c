import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SESSION_COOKIE_NAME } from '@prospector/service-kit';
import type { Context } from 'hono';
import { acceptedEncodings, isNotModified } from './static-files.ts';

export interface TLandingHtmlOptions {
  /** The shell's built `index.html`. */
  indexPath: string;
  /** The marketing remote's prerendered first screen (`LANDING_PRERENDER_FILE` in its build). */
  prerenderPath: string;
  /** The runtime manifest's path and the marketing remote's entry, fetched early on `/`. */
  manifestPath: string;
  marketingEntry: string;
}

const ROOT_ELEMENT = '<div id="root"';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The shell's page with the landing's first screen ahead of the app's root element, and hints for
 * what the landing page loads next (the manifest, then the marketing entry), so those downloads
 * start with the shell's instead of after it. Undefined when the page has no root element to
 * put it before.
 */
export function composeLandingHtml(
  index: string,
  prerender: string,
  options: TLandingHtmlOptions,
): string | undefined {
  const at = index.indexOf(ROOT_ELEMENT);
  const headEnd = index.indexOf('</head>');
  if (at === -1 || headEnd === -1 || headEnd > at) return undefined;
  const hints =
    `<link rel="preload" href="${escapeAttribute(options.manifestPath)}" as="fetch" crossorigin>` +
    `<link rel="modulepreload" href="${escapeAttribute(options.marketingEntry)}" crossorigin>`;
  return index.slice(0, headEnd) + hints + index.slice(headEnd, at) + prerender.trim() + index.slice(at);
}

/** Whether a request carries the session cookie (`__Secure-` prefixed over HTTPS). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(';')
    .map((part) => part.trim().split('=', 1)[0])
    .some((name) => name === SESSION_COOKIE_NAME || name === `__Secure-${SESSION_COOKIE_NAME}`);
}

interface TComposedPage {
  /** Which builds it was made from: both files' size and modification time. */
  key: string;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
  etag: string;
  modified: Date;
}

/**
 * The page for `/`: the shell's `index.html` with the landing's first screen in it, composed when
 * either build changes and compressed once per composition. Answers undefined when there is no
 * prerender (a marketing build without one, or a remote deployed elsewhere), so the caller sends
 * the plain page.
 */
export function createLandingPage(options: TLandingHtmlOptions) {
  let composed: TComposedPage | undefined;

  async function current(): Promise<TComposedPage | undefined> {
    const [index, prerender] = await Promise.all([
      stat(options.indexPath).catch(() => undefined),
      stat(options.prerenderPath).catch(() => undefined),
    ]);
    if (!index?.isFile() || !prerender?.isFile()) return undefined;
    const key = [index.size, index.mtimeMs, prerender.size, prerender.mtimeMs].join(':');
    if (composed?.key === key) return composed;
    const [indexHtml, prerenderHtml] = await Promise.all([
      readFile(options.indexPath, 'utf8'),
      readFile(options.prerenderPath, 'utf8'),
    ]);
    const html = composeLandingHtml(indexHtml, prerenderHtml, options);
    if (html === undefined) return undefined;
    const identity = Buffer.from(html);
    composed = {
      key,
      bodies: {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      },
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      modified: new Date(Math.max(index.mtimeMs, prerender.mtimeMs)),
    };
    return composed;
  }

  return async (c: Context): Promise<Response | undefined> => {
    const page = await current();
    if (!page) return undefined;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      ETag: page.etag,
      'Last-Modified': page.modified.toUTCString(),
      // Signed-in visitors get the plain page (see web.ts), so the cookie picks the answer too.
      Vary: 'Accept-Encoding, Cookie',
    };
    if (isNotModified(c, page.etag, page.modified)) return c.body(null, 304, headers);
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    const encoding = (['br', 'gzip'] as const).find((name) => accepted.has(name));
    const body = encoding ? page.bodies[encoding] : page.bodies.identity;
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}
