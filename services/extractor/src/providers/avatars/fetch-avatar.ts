import { LRUCache } from 'lru-cache';
import { systemClock, type TClock } from '../clock.ts';

/** Raster formats only: a remote SVG could carry script, so none is passed through. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export interface TAvatarFetchOptions {
  /** Host names (and their subdomains) a picture may be fetched from. */
  allowedHosts: readonly string[];
  /** Plain http:// too (only the local fakes in tests need it). */
  allowHttp: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** How many pictures, and how many bytes in all, the memory cache keeps. */
  cacheEntries: number;
  cacheBytes: number;
  cacheTtlMs: number;
  clock?: TClock;
}

export const DEFAULT_AVATAR_FETCH_OPTIONS: TAvatarFetchOptions = {
  // Where the real providers' pictures come from (Instagram's CDNs), matched with their subdomains.
  allowedHosts: ['cdninstagram.com', 'fbcdn.net'],
  allowHttp: false,
  maxBytes: 512 * 1024,
  timeoutMs: 5_000,
  cacheEntries: 500,
  cacheBytes: 32 * 1024 * 1024,
  cacheTtlMs: 6 * 3_600_000,
};

export type TAvatarFetchResult =
  | { kind: 'image'; contentType: string; body: Uint8Array }
  | { kind: 'refused'; reason: 'host' | 'too_large' | 'not_an_image' }
  | { kind: 'failed'; reason: string };

const MAX_REDIRECTS = 3;

/**
 * Fetches provider pictures server-side for the avatar route: only from the allowed hosts (every
 * redirect is checked too), only raster images, never more than maxBytes, within a timeout, and keeps
 * them in a bounded memory cache: at most `cacheEntries` pictures and `cacheBytes` bytes, the least
 * recently used dropped first; a picture older than `cacheTtlMs` is not served (a new download replaces it).
 */
export function createAvatarFetcher(options: TAvatarFetchOptions = DEFAULT_AVATAR_FETCH_OPTIONS) {
  const cache = new LRUCache<string, { contentType: string; body: Uint8Array }>({
    max: options.cacheEntries,
    maxSize: options.cacheBytes,
    sizeCalculation: (picture) => Math.max(1, picture.body.byteLength),
    ttl: options.cacheTtlMs,
    ttlResolution: 0,
    perf: options.clock ?? systemClock,
  });
  return {
    async fetch(rawUrl: string): Promise<TAvatarFetchResult> {
      if (!URL.canParse(rawUrl)) return { kind: 'refused', reason: 'host' };
      const url = new URL(rawUrl);
      const cached = cache.get(url.href);
      if (cached) return { kind: 'image', contentType: cached.contentType, body: cached.body };
      try {
        const result = await downloadAvatar(url, options);
        if (result.kind === 'image')
          cache.set(url.href, { contentType: result.contentType, body: result.body });
        return result;
      } catch (error) {
        return { kind: 'failed', reason: error instanceof Error ? error.message : 'fetch failed' };
      }
    },
  };
}

/** Whether a picture may be fetched from `url`: https (or http when allowed), no credentials, an allowed host. */
function isAllowedUrl(url: URL, options: Pick<TAvatarFetchOptions, 'allowHttp' | 'allowedHosts'>): boolean {
  return (
    (url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:')) &&
    url.username === '' &&
    url.password === '' &&
    options.allowedHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

/** Follows up to MAX_REDIRECTS redirects, each checked, and reads the image at the end of them. */
async function downloadAvatar(start: URL, options: TAvatarFetchOptions): Promise<TAvatarFetchResult> {
  let url = start;
  const signal = AbortSignal.timeout(options.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!isAllowedUrl(url, options)) return { kind: 'refused', reason: 'host' };
    const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    return readImage(response, options.maxBytes);
  }
  return { kind: 'failed', reason: 'too many redirects' };
}

/** A final (not redirecting) answer as a picture, or why it is none. */
async function readImage(response: Response, maxBytes: number): Promise<TAvatarFetchResult> {
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `upstream answered ${response.status}` };
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!IMAGE_TYPES.has(contentType)) {
    await response.body?.cancel();
    return { kind: 'refused', reason: 'not_an_image' };
  }
  const body = await readCapped(response, maxBytes);
  if (!body) return { kind: 'refused', reason: 'too_large' };
  return { kind: 'image', contentType, body };
}

/** The body, or null as soon as it is (or says it will be) longer than `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
