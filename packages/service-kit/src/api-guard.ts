import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest request body a service route reads unless its service sets a tighter limit. */
export const DEFAULT_BODY_LIMIT_BYTES = 128 * 1024;

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
export const CROSS_ORIGIN_MESSAGE = 'Requests from other sites are not allowed.';

export interface TApiGuardOptions {
  /** Body limit for every route it guards. */
  bodyLimitBytes?: number;
  /** Origins besides the request's own host that may send state-changing requests (PUBLIC_URL, TRUSTED_ORIGINS). */
  trustedOrigins?: readonly string[];
  /** Exact paths that take unsafe methods from anywhere because they authenticate otherwise (signed webhooks). */
  crossOriginPaths?: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Methods whose requests never carry a body here (@hono/node-server gives them none). The body limit
 * skips them: asking for `c.req.raw.body` builds the whole web Request (headers, AbortSignal, body
 * stream) that the server otherwise never makes for a GET.
 */
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/** `scheme://host[:port]` of a URL, or undefined when it is not one. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What every service puts in front of its routes (applied by `startService`, so a new route or a new
 * service is covered without doing anything):
 * - a body limit, checked before anything parses the body: 413 with the JSON error body;
 * - a same-origin check on unsafe methods, so a page on another site (or another port of this
 *   machine) cannot make a signed-in browser post a form here. The browser's Origin header (its
 *   Referer when there is none) must name the host the request was sent to (the edge passes it as
 *   X-Forwarded-Host) or a trusted origin. A request with neither header is no browser's
 *   cross-site request (browsers send Origin on every cross-origin POST) unless Sec-Fetch-Site says so.
 *
 * `startService` mounts it on the service's own path prefixes only (`usePerPrefix`): in embedded mode
 * the services share one app, and each applies its own policy to its own paths.
 */
export function createApiGuard(options: TApiGuardOptions = {}): MiddlewareHandler {
  const trusted = new Set((options.trustedOrigins ?? []).map(originOf).filter(Boolean));
  const crossOriginPaths = new Set(options.crossOriginPaths ?? []);
  const limit = bodyLimit({
    maxSize: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onError: (c) => c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE } }, 413),
  });

  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !crossOriginPaths.has(c.req.path)) {
      const origin = c.req.header('origin');
      const claimed = origin ?? c.req.header('referer');
      const allowed =
        claimed === undefined
          ? c.req.header('sec-fetch-site') !== 'cross-site'
          : isOwnOrigin(originOf(claimed), [c.req.header('host'), c.req.header('x-forwarded-host')], trusted);
      if (!allowed) return c.json({ error: { code: 'FORBIDDEN', message: CROSS_ORIGIN_MESSAGE } }, 403);
    }
    if (BODILESS_METHODS.has(c.req.method)) return next();
    return limit(c, next);
  };
}

function isOwnOrigin(
  origin: string | undefined,
  requestHosts: Array<string | undefined>,
  trusted: ReadonlySet<string | undefined>,
): boolean {
  // An opaque origin ("null": sandboxed frames, data: pages) or garbage is never ours.
  if (!origin) return false;
  if (trusted.has(origin)) return true;
  const host = new URL(origin).host;
  return requestHosts.some((requestHost) => requestHost !== undefined && requestHost === host);
}
