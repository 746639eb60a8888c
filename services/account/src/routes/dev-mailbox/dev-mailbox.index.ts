import { Hono } from 'hono';
import type { TAccountRuntime } from '../../runtime.ts';
import { createDevMailboxHandlers } from './dev-mailbox.handlers.ts';
import { DEV_MAILBOX_PATHS } from './dev-mailbox.routes.ts';

/** `/dev/mailbox` (HTML) and `/dev/mailbox.json`, only while mail goes to the dev mailbox. */
export function createDevMailboxRoutes(runtime: TAccountRuntime) {
  const app = new Hono();
  if (runtime.mailer.kind !== 'dev-mailbox') return app;
  const handlers = createDevMailboxHandlers(runtime);
  return app.get(DEV_MAILBOX_PATHS.page, handlers.page).get(DEV_MAILBOX_PATHS.json, handlers.json);
}
