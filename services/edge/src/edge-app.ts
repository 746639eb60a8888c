import { healthPath } from '@prospector/contracts';
import type { TLogger, TServiceName } from '@prospector/service-kit';
import {
  httpMetrics,
  METRICS_PATH,
  metricsHandler,
  notFoundHandler,
  securityHeaders,
} from '@prospector/service-kit';
import { Hono } from 'hono';
import { createApiProxy } from './proxy.ts';
import { createWebRoutes, type TWebOptions } from './web.ts';

/** Distributed mode's web edge as an app: its own health, `/api/*` forwarded, the frontends served. */
export function createEdgeApp(
  upstreams: Record<TServiceName, string>,
  logger: TLogger,
  web: TWebOptions = {},
  metrics: { token?: string } = {},
) {
  const app = new Hono().notFound(notFoundHandler);
  app.use('*', httpMetrics());
  app.get(METRICS_PATH, metricsHandler(metrics));
  // The services set the same headers on what they answer; these cover the edge's own answers.
  app.use('/api/*', securityHeaders());
  app.get(healthPath('edge'), (c) => c.json({ service: 'edge', status: 'ok' }));
  app.route('/', createApiProxy(upstreams, logger));
  app.route('/', createWebRoutes(web));
  return app;
}
