import type { Hono } from 'hono';
import type { TApiReference } from './api-reference.ts';
import { documentedRoutesOf } from './openapi-document.ts';

/** `GET /api/x/:id`, the form both sides are compared in. */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * What a running service's app registers against what its reference documents: routes nobody
 * documented, and documented routes the app does not have. Both empty means the reference cannot
 * have drifted. Middleware (`use`, registered as method ALL) is not a route. The public `/api/v1` routes
 * are left out: each is its own OpenAPI entry (`createRoute`), listed at /api/v1/openapi.json.
 */
export function compareRoutesWithReference(
  app: Pick<Hono, 'routes'>,
  reference: TApiReference,
): { undocumented: string[]; missing: string[] } {
  const registered = new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && !route.path.startsWith('/api/v1/'))
      .map((route) => routeKey(route.method, route.path)),
  );
  const documented = new Set(
    documentedRoutesOf(reference).map((route) => routeKey(route.method, route.path)),
  );
  return {
    undocumented: [...registered].filter((key) => !documented.has(key)).sort(),
    missing: [...documented].filter((key) => !registered.has(key)).sort(),
  };
}
