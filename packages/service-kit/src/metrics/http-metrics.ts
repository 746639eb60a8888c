import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { httpRequestDuration } from './registry.ts';

const SERVICE_OF_PATH = /^\/api\/([a-z]+)(?:\/|$)/;

/** The service a path belongs to: `/api/<service>/…`, better-auth's `/api/auth` is the account's. */
export function serviceOfPath(path: string): string {
  const name = SERVICE_OF_PATH.exec(path)?.[1];
  if (!name) return path === '/metrics' ? 'metrics' : 'web';
  return name === 'auth' ? 'account' : name;
}

/**
 * Times every request into `http_request_duration_seconds`, labelled with the matched route's
 * pattern (`/api/extractor/runs/:id`), or `unmatched` for a 404 no route claimed. Mount it once, on
 * the outermost app: in embedded mode, on the edge's app in front of every service.
 */
export function httpMetrics(options: { service?: string } = {}): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const pattern = routePath(c, -1);
      const route = !pattern || pattern === '*' || pattern === '/*' ? 'unmatched' : pattern;
      httpRequestDuration.observe(
        {
          service: options.service ?? serviceOfPath(c.req.path),
          method: c.req.method,
          route,
          status: String(c.res.status),
        },
        (performance.now() - startedAt) / 1000,
      );
    }
  };
}
