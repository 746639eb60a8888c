import type { TEndpoint } from '@prospector/contracts';
import type { Hono } from 'hono';

/** `GET /api/x/:id`, the form both sides are compared in. */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * What a running service's app registers against the endpoints it declares: routes served without
 * an endpoint, and endpoints the app does not serve. Middleware (`use`, registered as method ALL) is
 * not a route. The public `/api/v1` routes are left out: each is its own OpenAPI entry, listed at
 * /api/v1/openapi.json.
 */
export function compareRoutesWithEndpoints(
  app: Pick<Hono, 'routes'>,
  endpoints: readonly TEndpoint[],
): { undocumented: string[]; missing: string[] } {
  const registered = new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && !route.path.startsWith('/api/v1/'))
      .map((route) => routeKey(route.method, route.path)),
  );
  const documented = new Set(endpoints.map((endpoint) => routeKey(endpoint.method, endpoint.path)));
  return {
    undocumented: [...registered].filter((key) => !documented.has(key)).sort(),
    missing: [...documented].filter((key) => !registered.has(key)).sort(),
  };
}
