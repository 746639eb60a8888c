import { V1_ENDPOINT_LIST } from '@prospector/contracts';
import type { Context } from 'hono';
import { problemResponse } from './problem.ts';

const V1_PREFIX = '/api/v1';

/** Each v1 path as a pattern (`:id` is one segment) with the methods it answers. */
const V1_ROUTES = [...new Set(V1_ENDPOINT_LIST.map((endpoint) => endpoint.path))].map((path) => ({
  pattern: new RegExp(`^${path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`),
  methods: V1_ENDPOINT_LIST.filter((endpoint) => endpoint.path === path).flatMap((endpoint) =>
    endpoint.method === 'get' ? ['GET', 'HEAD'] : [endpoint.method.toUpperCase()],
  ),
}));

export const isV1Path = (path: string) => path === V1_PREFIX || path.startsWith(`${V1_PREFIX}/`);

/**
 * What no v1 route answered, as a problem document like every v1 failure: a path the API has, asked
 * with another method, is 405 with `Allow`; anything else under /api/v1 is 404.
 */
export function v1NotFound(c: Context): Response {
  const route = V1_ROUTES.find(({ pattern }) => pattern.test(c.req.path));
  if (route) {
    return problemResponse(c, 405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here`, {
      Allow: route.methods.join(', '),
    });
  }
  return problemResponse(c, 404, 'NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`);
}
