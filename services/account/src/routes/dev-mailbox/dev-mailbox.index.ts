import { DEV_MAILBOX_ENDPOINTS } from '@prospector/contracts';
import { clientIp, createEndpointApp, routeOf, type TClientIpVariables } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createDevMailboxHandlers } from './dev-mailbox.handlers.ts';

/**
 * `/dev/mailbox` (HTML) and `/dev/mailbox.json`, only while mail goes to the dev mailbox (never in
 * production, which requires SMTP_URL) and only to this machine: it holds reset and sign-in links.
 */
export function createDevMailboxRoutes(runtime: TAccountRuntime) {
  const app = createEndpointApp<{ Variables: TClientIpVariables }>();
  if (runtime.mailer.kind !== 'dev-mailbox') return app;
  const handlers = createDevMailboxHandlers(runtime);
  const local = [clientIp({ edgeSecret: runtime.config.edgeSecret }), handlers.onlyThisMachine];
  return app
    .openapi(routeOf(DEV_MAILBOX_ENDPOINTS.page, [...local]), handlers.page)
    .openapi(routeOf(DEV_MAILBOX_ENDPOINTS.json, [...local]), handlers.json);
}
