import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, type Handler, Hono } from 'hono';
import { notFoundHandler } from '../errors.ts';
import { httpMetrics } from './http-metrics.ts';
import { metricsRegistry } from './registry.ts';

export const METRICS_PATH = '/metrics';

const isLoopback = (address: string) => address === '::1' || /^(::ffff:)?127\./i.test(address);

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus text format. With `token` (METRICS_TOKEN) set, only a request with
 * `Authorization: Bearer <token>` gets it; without, only clients on this machine (loopback). Anyone
 * else gets a 404, as if there were nothing here.
 */
export function metricsHandler(options: { token?: string } = {}): Handler {
  return async (c) => {
    const allowed = options.token
      ? tokenMatches(c.req.header('authorization'), options.token)
      : isLoopback(socketAddress(c) ?? '');
    if (!allowed) return c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    return c.body(await metricsRegistry.metrics(), 200, {
      'Content-Type': metricsRegistry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}

/**
 * The outermost app of a process, which the services or the edge's routes are mounted on: every
 * request timed (labelled `service`, else by path), `GET /metrics`, and the JSON 404 (Hono answers
 * from the root app's not-found handler only, whatever the mounted apps set).
 */
export function createRootApp(options: { service?: string; metricsToken?: string } = {}): Hono {
  const app = new Hono().notFound(notFoundHandler);
  app.use('*', httpMetrics({ service: options.service }));
  app.get(METRICS_PATH, metricsHandler({ token: options.metricsToken }));
  return app;
}
