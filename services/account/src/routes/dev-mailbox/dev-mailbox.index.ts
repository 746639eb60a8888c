import { clientIp, type TClientIpVariables } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createDevMailboxHandlers } from './dev-mailbox.handlers.ts';
import { DEV_MAILBOX_PATHS } from './dev-mailbox.routes.ts';

/**
 * `/dev/mailbox` (HTML) and `/dev/mailbox.json`, only while mail goes to the dev mailbox (never in
 * production, which requires SMTP_URL) and only to this machine: it holds reset and sign-in links.
 */
export function createDevMailboxRoutes(runtime: TAccountRuntime) {
  const app = new Hono<{ Variables: TClientIpVariables }>();
  if (runtime.mailer.kind !== 'dev-mailbox') return app;
  const handlers = createDevMailboxHandlers(runtime);
  for (const path of Object.values(DEV_MAILBOX_PATHS)) {
    app.use(path, clientIp({ edgeSecret: runtime.config.edgeSecret }), handlers.onlyThisMachine);
  }
  return app.get(DEV_MAILBOX_PATHS.page, handlers.page).get(DEV_MAILBOX_PATHS.json, handlers.json);
}
