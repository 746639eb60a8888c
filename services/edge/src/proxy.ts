import { getConnInfo } from '@hono/node-server/conninfo';
import { CLIENT_IP_HEADER, type TServiceName, UNEXPECTED_ERROR_MESSAGE } from '@prospector/service-kit';
import { type Context, Hono } from 'hono';
import { proxy } from 'hono/proxy';

/** Which service answers which path prefix (ARCHITECTURE §2). better-auth lives in account. */
export const API_ROUTES: ReadonlyArray<{ prefix: string; service: TServiceName }> = [
  { prefix: '/api/auth', service: 'account' },
  { prefix: '/api/account', service: 'account' },
  { prefix: '/api/marketing', service: 'marketing' },
  { prefix: '/api/extractor', service: 'extractor' },
  { prefix: '/api/database', service: 'database' },
  { prefix: '/api/billing', service: 'billing' },
  // The dev mailbox; the account service answers 404 there to other machines and once SMTP_URL is set.
  { prefix: '/dev', service: 'account' },
];

/** Forwards `/api/*` (and `/dev/*`) to the owning service, stamping the real client address the edge saw. */
export function createApiProxy(upstreams: Record<TServiceName, string>) {
  const api = new Hono();
  for (const { prefix, service } of API_ROUTES) {
    const target = upstreams[service].replace(/\/$/, '');
    const forward = (c: Context) => {
      const url = new URL(c.req.url);
      const headers = new Headers(c.req.raw.headers);
      // The edge is the first hop anyone trusts: whatever address the client claims is replaced with
      // the one it connected from, so rate limits can't be dodged by rotating headers.
      const address = getConnInfo(c).remote.address ?? 'unknown';
      headers.set(CLIENT_IP_HEADER, address);
      headers.set('x-forwarded-for', address);
      headers.delete('x-real-ip');
      headers.set('x-forwarded-host', url.host);
      headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
      // Redirects go back to the browser as they are: following them here would lose their cookies
      // (the verification link's 302 sets the session) and ask the service for a page it doesn't serve.
      return proxy(`${target}${url.pathname}${url.search}`, {
        raw: c.req.raw,
        headers,
        redirect: 'manual',
      }).catch(() => c.json({ error: { code: 'UNAVAILABLE', message: UNEXPECTED_ERROR_MESSAGE } }, 503));
    };
    api.all(prefix, forward);
    api.all(`${prefix}/*`, forward);
  }
  return api;
}
