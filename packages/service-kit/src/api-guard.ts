import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest request body a service route reads unless its service sets a tighter limit. */
export const DEFAULT_BODY_LIMIT_BYTES = 128 * 1024;

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';

export interface TApiGuardOptions {
  /** Path prefixes the service answers (`/api/<name>` and any other it owns); other paths pass through. */
  pathPrefixes: readonly string[];
  /** Body limit for every route under the prefixes. */
  bodyLimitBytes?: number;
}

const underPrefix = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * What every service puts in front of its routes (applied by `startService`, so a new route or a new
 * service is covered without doing anything): a body limit, checked before anything parses the body,
 * answered with 413 and the JSON error body.
 *
 * Only paths under the service's own prefixes are guarded: in embedded mode every service's
 * middleware sees every request, and each must apply its own policy once.
 */
export function createApiGuard(options: TApiGuardOptions): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onError: (c) => c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE } }, 413),
  });

  return async (c, next) => {
    if (!underPrefix(c.req.path, options.pathPrefixes)) return next();
    return limit(c, next);
  };
}
