import { healthPath } from '@prospector/contracts';
import type { TLogger, TServiceDefinition, TServiceName } from '@prospector/service-kit';
import { createRootApp, securityHeaders } from '@prospector/service-kit';
import { createApiDocsRoutes } from '../api-docs/api-docs.ts';
import { createPublicApiDocsRoutes } from '../api-docs/public-api-docs.ts';
import { createWebRoutes, type TWebOptions } from '../web/web.ts';
import { createApiProxy, type TApiProxyOptions } from './proxy.ts';

/** Distributed mode's web edge as an app: its own health, `/api/*` forwarded, the frontends served. */
export function createEdgeApp(
  upstreams: Record<TServiceName, string>,
  logger: TLogger,
  options: TApiProxyOptions & {
    web?: TWebOptions;
    metricsToken?: string;
    /** The services whose API reference `/api/docs` serves; none, no reference (API_DOCS=on gives them). */
    apiDocs?: readonly TServiceDefinition[];
  } = {},
) {
  const app = createRootApp({ metricsToken: options.metricsToken });
  // The services set the same headers on what they answer; these cover the edge's own answers.
  app.use('/api/*', securityHeaders());
  app.get(healthPath('edge'), (c) => c.json({ service: 'edge', status: 'ok' }));
  if (options.apiDocs?.length) app.route('/', createApiDocsRoutes(options.apiDocs));
  app.route('/', createPublicApiDocsRoutes());
  app.route('/', createApiProxy(upstreams, logger, { edgeSecret: options.edgeSecret }));
  app.route('/', createWebRoutes(options.web ?? {}));
  return app;
}
