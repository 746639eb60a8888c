import type { TClock } from '../clock.ts';
import { systemClock } from '../clock.ts';

/** Hosts the real providers' pictures come from (Instagram's CDNs), matched with their subdomains. */
export const INSTAGRAM_PICTURE_HOSTS = ['cdninstagram.com', 'fbcdn.net'] as const;

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
  allowedHosts: INSTAGRAM_PICTURE_HOSTS,
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
 * them in a bounded memory cache (LRU by entries and bytes).
 */
export function createAvatarFetcher(options: TAvatarFetchOptions = DEFAULT_AVATAR_FETCH_OPTIONS) {
  const clock = options.clock ?? systemClock;
  const cache = new Map<string, { contentType: string; body: Uint8Array; storedAt: number }>();
  let cachedBytes = 0;

  const isAllowed = (url: URL) =>
    (url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:')) &&
    url.username === '' &&
    url.password === '' &&
    options.allowedHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));

  function remember(url: string, contentType: string, body: Uint8Array) {
    const previous = cache.get(url);
    if (previous) {
      cache.delete(url);
      cachedBytes -= previous.body.byteLength;
    }
    cache.set(url, { contentType, body, storedAt: clock.now() });
    cachedBytes += body.byteLength;
    for (const [key, entry] of cache) {
      if (cache.size <= options.cacheEntries && cachedBytes <= options.cacheBytes) break;
      cache.delete(key);
      cachedBytes -= entry.body.byteLength;
    }
  }

  async function readCapped(response: Response): Promise<Uint8Array | null> {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxBytes) return null;
    if (!response.body) return new Uint8Array();
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > options.maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async function download(start: URL): Promise<TAvatarFetchResult> {
    let url = start;
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!isAllowed(url)) return { kind: 'refused', reason: 'host' };
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'failed', reason: `upstream answered ${response.status}` };
      }
      const contentType =
        (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!IMAGE_TYPES.has(contentType)) {
        await response.body?.cancel();
        return { kind: 'refused', reason: 'not_an_image' };
      }
      const body = await readCapped(response);
      if (!body) return { kind: 'refused', reason: 'too_large' };
      return { kind: 'image', contentType, body };
    }
    return { kind: 'failed', reason: 'too many redirects' };
  }

  return {
    async fetch(rawUrl: string): Promise<TAvatarFetchResult> {
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        return { kind: 'refused', reason: 'host' };
      }
      const cached = cache.get(url.href);
      if (cached && clock.now() - cached.storedAt < options.cacheTtlMs) {
        // Re-inserting marks it most recently used.
        cache.delete(url.href);
        cache.set(url.href, cached);
        return { kind: 'image', contentType: cached.contentType, body: cached.body };
      }
      try {
        const result = await download(url);
        if (result.kind === 'image') remember(url.href, result.contentType, result.body);
        return result;
      } catch (error) {
        return { kind: 'failed', reason: error instanceof Error ? error.message : 'fetch failed' };
      }
    },
  };
}
export type TAvatarFetcher = ReturnType<typeof createAvatarFetcher>;
