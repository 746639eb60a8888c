import type { TDatabase } from '@prospector/db';
import { BlockedAddressError, type TAddressPolicy, type TResolveHost } from '@prospector/service-kit';
import robotsParser from 'robots-parser';
import type { TFetchedPage, TFetchPageOptions, TPageSkipReason, TPageSource } from '../page-source.ts';
import { createHostRateLimit, type THostRateLimit } from './host-rate-limit.ts';
import { createPageCache, type TCachedPage, type TPageCache } from './page-cache.ts';
import { RefusedUrlError, ResponseTooLargeError, safeRequest, type TSafeResponse } from './safe-request.ts';

export interface THttpPageSourceOptions {
  db: TDatabase['db'];
  policy: TAddressPolicy;
  /** Sent with every request, and matched against robots.txt by its product token. */
  userAgent: string;
  /** The token robots.txt groups name (`ProspectorBot`). */
  robotsToken: string;
  /** Bytes of one page (1 MB). */
  maxBytes: number;
  /** One request's time (5 s); each redirect hop has its own. */
  timeoutMs: number;
  maxRedirects: number;
  /** Time between two requests to one host, across processes (1 s). */
  hostIntervalMs: number;
  pageTtlMs: number;
  robotsTtlMs: number;
  /** Name resolution (tests: a local DNS server); the system resolver by default. */
  resolve?: TResolveHost;
}

export type THttpPageLimits = Pick<
  THttpPageSourceOptions,
  'maxBytes' | 'timeoutMs' | 'maxRedirects' | 'hostIntervalMs' | 'pageTtlMs' | 'robotsTtlMs'
>;

export const DEFAULT_HTTP_PAGE_LIMITS: Readonly<THttpPageLimits> = {
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 5,
  hostIntervalMs: 1_000,
  pageTtlMs: 7 * 24 * 3_600_000,
  // RFC 9309 §2.4: a robots.txt should not be used from a cache for more than 24 hours.
  robotsTtlMs: 24 * 3_600_000,
};

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const ROBOTS_MAX_BYTES = 500 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Refusals that do not change from one minute to the next (a 4xx, not a 5xx): cached like pages. */
const isLasting = (page: Extract<TFetchedPage, { kind: 'skipped' }>) =>
  ['not_html', 'too_large', 'robots'].includes(page.reason) ||
  (page.reason === 'http_status' && page.detail?.startsWith('4') === true);

/** How a site's robots.txt answered: its rules, or everything allowed (4xx) or forbidden (unreachable). */
type TRobots = { kind: 'rules'; text: string } | { kind: 'allow_all' } | { kind: 'disallow_all' };

function skipFor(error: unknown): { reason: TPageSkipReason; detail: string } {
  if (error instanceof BlockedAddressError) return { reason: 'blocked_address', detail: error.message };
  if (error instanceof ResponseTooLargeError) return { reason: 'too_large', detail: error.message };
  if (error instanceof RefusedUrlError) return { reason: 'refused_url', detail: error.message };
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return { reason: 'timeout', detail: name };
  return { reason: 'failed', detail: error instanceof Error ? error.message : String(error) };
}

function textOf(response: TSafeResponse): string {
  const body = response.body ?? Buffer.alloc(0);
  try {
    return new TextDecoder(response.charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Website pages from the network, behind every guard rail: http(s) only; public addresses only (each
 * redirect hop checked again, at most `maxRedirects`); robots.txt obeyed for our user agent; one
 * request per host per `hostIntervalMs` across processes; `timeoutMs` and `maxBytes` per request; HTML
 * only; pages and lasting refusals cached for `pageTtlMs`. Never throws: a page not read is a skip.
 */
export function createHttpPageSource(options: THttpPageSourceOptions): TPageSource {
  const source: TSource = {
    options,
    cache: createPageCache(options.db),
    hosts: createHostRateLimit({ db: options.db, intervalMs: options.hostIntervalMs }),
  };
  return {
    async fetchPage(raw, call) {
      if (!URL.canParse(raw)) return { kind: 'skipped', url: raw, reason: 'refused_url' };
      const start = new URL(raw);
      const key = start.href;
      try {
        const cached = await source.cache.get(key, 'page', options.pageTtlMs);
        if (cached) return cachedPage(cached, key);
        let page: TFetchedPage;
        try {
          page = await download(source, start, call);
        } catch (error) {
          const { reason, detail } = skipFor(error);
          page = { kind: 'skipped', url: key, reason, detail };
        }
        return await rememberPage(source, key, page);
      } catch (error) {
        // The cache or the host table could not be reached: this page is skipped, the run goes on.
        const { reason, detail } = skipFor(error);
        return { kind: 'skipped', url: key, reason: reason === 'timeout' ? 'timeout' : 'failed', detail };
      }
    },
  };
}

/** What the page source's steps share: its settings, its page cache and the hosts' turns. */
interface TSource {
  options: THttpPageSourceOptions;
  cache: TPageCache;
  hosts: THostRateLimit;
}

function cachedPage(cached: TCachedPage, key: string): TFetchedPage {
  if (cached.outcome === 'html') {
    return {
      kind: 'html',
      url: cached.finalUrl ?? key,
      html: cached.body ?? '',
      fetchedAt: cached.fetchedAt,
    };
  }
  return { kind: 'skipped', url: cached.finalUrl ?? key, reason: cached.outcome as TPageSkipReason };
}

/** Caches a page read, or a lasting refusal, under the address asked for. */
async function rememberPage(source: TSource, key: string, page: TFetchedPage): Promise<TFetchedPage> {
  if (page.kind === 'html') {
    const fetchedAt = await source.cache.set(key, 'page', {
      outcome: 'html',
      finalUrl: page.url,
      body: page.html,
    });
    return { ...page, fetchedAt };
  }
  if (isLasting(page))
    await source.cache.set(key, 'page', { outcome: page.reason, finalUrl: page.url, body: null });
  return page;
}

/** One request after waiting for the host's turn; null when the turn is too far off. */
async function requestInTurn(
  source: TSource,
  url: URL,
  call: TFetchPageOptions,
  settings: { accept: string; maxBytes: number; wantsBody: (status: number, mediaType: string) => boolean },
): Promise<TSafeResponse | null> {
  const turn = await source.hosts.acquire(url.hostname, {
    maxWaitMs: call.deadline - Date.now() - 100,
    signal: call.signal,
  });
  if (!turn) return null;
  return safeRequest(url, {
    policy: source.options.policy,
    resolve: source.options.resolve,
    userAgent: source.options.userAgent,
    signal: AbortSignal.any([call.signal, AbortSignal.timeout(source.options.timeoutMs)]),
    ...settings,
  });
}

async function robotsOf(source: TSource, origin: string, call: TFetchPageOptions): Promise<TRobots | 'busy'> {
  const robotsUrl = `${origin}/robots.txt`;
  const cached = await source.cache.get(robotsUrl, 'robots', source.options.robotsTtlMs);
  if (cached) {
    return cached.outcome === 'rules'
      ? { kind: 'rules', text: cached.body ?? '' }
      : { kind: cached.outcome === 'allow_all' ? 'allow_all' : 'disallow_all' };
  }
  let robots: TRobots;
  try {
    const read = await readRobots(source, new URL(robotsUrl), call);
    if (read === 'busy') return 'busy';
    robots = read;
  } catch (error) {
    // A robots.txt the site cannot serve to us is the site's: the page is refused for the same reason.
    if (error instanceof BlockedAddressError || error instanceof RefusedUrlError || call.signal.aborted) {
      throw error;
    }
    // Unreachable: forbidden for now, and not remembered.
    return error instanceof ResponseTooLargeError ? { kind: 'allow_all' } : { kind: 'disallow_all' };
  }
  if (robots.kind !== 'disallow_all') {
    await source.cache.set(robotsUrl, 'robots', {
      outcome: robots.kind,
      finalUrl: null,
      body: robots.kind === 'rules' ? robots.text : null,
    });
  }
  return robots;
}

/** The site's robots.txt from the network, following its redirects. */
async function readRobots(source: TSource, start: URL, call: TFetchPageOptions): Promise<TRobots | 'busy'> {
  let url = start;
  for (let hop = 0; hop <= source.options.maxRedirects; hop += 1) {
    const response = await requestInTurn(source, url, call, {
      accept: 'text/plain, */*;q=0.1',
      maxBytes: ROBOTS_MAX_BYTES,
      wantsBody: (status) => status >= 200 && status < 300,
    });
    if (!response) return 'busy';
    if (REDIRECTS.has(response.status) && response.location) {
      url = new URL(response.location, url);
      continue;
    }
    // RFC 9309 §2.3.1: 4xx means no rules; 5xx or no answer means assume everything is forbidden.
    if (response.status >= 200 && response.status < 300) return { kind: 'rules', text: textOf(response) };
    if (response.status >= 400 && response.status < 500) return { kind: 'allow_all' };
    return { kind: 'disallow_all' };
  }
  return { kind: 'disallow_all' };
}

async function robotsAllow(source: TSource, url: URL, call: TFetchPageOptions): Promise<boolean | 'busy'> {
  const robots = await robotsOf(source, url.origin, call);
  if (robots === 'busy') return 'busy';
  if (robots.kind !== 'rules') return robots.kind === 'allow_all';
  return (
    robotsParser(`${url.origin}/robots.txt`, robots.text).isAllowed(url.href, source.options.robotsToken) ??
    true
  );
}

async function download(source: TSource, start: URL, call: TFetchPageOptions): Promise<TFetchedPage> {
  let url = start;
  const skip = (reason: TPageSkipReason, detail?: string): TFetchedPage => ({
    kind: 'skipped',
    url: url.href,
    reason,
    detail,
  });
  for (let hop = 0; hop <= source.options.maxRedirects; hop += 1) {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      return skip('refused_url');
    }
    const allowed = await robotsAllow(source, url, call);
    if (allowed === 'busy') return skip('busy');
    if (!allowed) return skip('robots');
    const response = await requestInTurn(source, url, call, {
      accept: 'text/html, application/xhtml+xml;q=0.9',
      maxBytes: source.options.maxBytes,
      wantsBody: (status, mediaType) => status >= 200 && status < 300 && HTML_TYPES.has(mediaType),
    });
    if (!response) return skip('busy');
    if (REDIRECTS.has(response.status) && response.location) {
      url = new URL(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) return skip('http_status', String(response.status));
    if (!HTML_TYPES.has(response.mediaType)) return skip('not_html', response.mediaType || 'no content type');
    return { kind: 'html', url: url.href, html: textOf(response), fetchedAt: new Date() };
  }
  return skip('too_many_redirects');
}
