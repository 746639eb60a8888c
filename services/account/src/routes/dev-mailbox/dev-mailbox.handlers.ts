import type { TDevMail } from '@prospector/contracts';
import type { TClientIpVariables } from '@prospector/service-kit';
import { desc } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { devMailbox } from '../../db/schema.ts';
import { isLoopbackAddress } from '../../http/client-ip.ts';
import { escapeHtml } from '../../mail/templates.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { DEV_MAILBOX_LIMIT } from './dev-mailbox.routes.ts';

/** Escapes the text, then makes each http(s) URL clickable. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderPage(mails: TDevMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.createdAt).toLocaleString('en-GB'))}</p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Prospector</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#666;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}
</style></head>
<body><h1>Dev mailbox</h1>
<p>Mail the app sent while no SMTP_URL is set, newest first.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

export function createDevMailboxHandlers(runtime: TAccountRuntime) {
  async function listMails(): Promise<TDevMail[]> {
    const rows = await runtime.database.db
      .select()
      .from(devMailbox)
      .orderBy(desc(devMailbox.createdAt))
      .limit(DEV_MAILBOX_LIMIT);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
  /** Anyone else is told there is nothing here, as when SMTP_URL is set. */
  const onlyThisMachine: MiddlewareHandler<{ Variables: TClientIpVariables }> = async (c, next) => {
    if (!isLoopbackAddress(c.get('clientIp'))) return c.notFound();
    await next();
  };
  return {
    onlyThisMachine,
    page: async (c: Context) => {
      c.header('Cache-Control', 'no-store');
      return c.html(renderPage(await listMails()));
    },
    json: async (c: Context) => c.json(await listMails(), 200),
  };
}
