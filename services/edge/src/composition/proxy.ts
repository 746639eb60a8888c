import { getConnInfo } from '@hono/node-server/conninfo';
import { V1_PREFIXES } from '@prospector/contracts';
import {
  stampClientIp,
  type TLogger,
  type TServiceName,
  UNEXPECTED_ERROR_MESSAGE,
} from '@prospector/service-kit';
import { type Context, Hono } from 'hono';
import { proxy } from 'hono/proxy';

/** Which service answers which path prefix (docs/architecture.md §2). better-auth lives in account. */
export const API_ROUTES: ReadonlyArray<{ prefix: string; service: TServiceName }> = [
  { prefix: '/api/auth', service: 'account' },
  { prefix: '/api/account', service: 'account' },
  { prefix: '/api/marketing', service: 'marketing' },
  { prefix: '/api/extractor', service: 'extractor' },
  { prefix: '/api/database', service: 'database' },
  { prefix: '/api/billing', service: 'billing' },
  // The public API: each service serves its own slice (docs/architecture.md §12).
  { prefix: V1_PREFIXES.runs, service: 'extractor' },
  { prefix: V1_PREFIXES.extractions, service: 'database' },
  { prefix: V1_PREFIXES.credits, service: 'billing' },
  // The dev mailbox; the account service answers 404 there to other machines and once SMTP_URL is set.
  { prefix: '/dev', service: 'account' },
];

export interface TApiProxyOptions {
  /**
   * EDGE_SECRET, shared with the services: signs the client address the edge stamps, which is how a
   * service knows the address came from the edge. Without it services key on the edge's own address.
   */
  edgeSecret?: string;
}

/** Forwards `/api/*` (and `/dev/*`) to the owning service, stamping the real client address the edge saw. */
export function createApiProxy(
  upstreams: Record<TServiceName, string>,
  logger: TLogger,
  options: TApiProxyOptions = {},
) {
  const api = new Hono();
  for (const { prefix, service } of API_ROUTES) {
    const target = upstreams[service].replace(/\/$/, '');
    const forward = async (c: Context) => {
      const url = new URL(c.req.url);
      const headers = new Headers(c.req.raw.headers);
      // The edge is the first hop anyone trusts: whatever address the client claims is replaced with
      // the one it connected from (signed for the service), so rate limits can't be dodged by
      // rotating headers.
      const address = getConnInfo(c).remote.address ?? 'unknown';
      stampClientIp(headers, address, options.edgeSecret);
      headers.set('x-forwarded-for', address);
      headers.delete('x-real-ip');
      headers.set('x-forwarded-host', url.host);
      headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
      // A client that goes away aborts the service's request only until the service answers. From then
      // on @hono/node-server cancels the proxied body itself when the connection closes, which closes
      // the service's stream too. Handing fetch the client's own signal (hono/proxy's default) would
      // instead fail the body with the abort reason, which the server prints raw to stderr: the
      // `Error: aborted` line every closed live-events stream used to leave.
      const client = c.req.raw.signal;
      const upstream = new AbortController();
      const abortUpstream = () => upstream.abort();
      if (client.aborted) abortUpstream();
      else client.addEventListener('abort', abortUpstream, { once: true });
      try {
        // Redirects go back to the browser as they are: following them here would lose their cookies
        // (the verification link's 302 sets the session) and ask the service for a page it doesn't serve.
        return await proxy(`${target}${url.pathname}${url.search}`, {
          raw: c.req.raw,
          headers,
          redirect: 'manual',
          signal: upstream.signal,
        });
      } catch (error) {
        if (client.aborted) {
          logger.debug('client closed the request before the service answered', {
            upstream: service,
            path: url.pathname,
          });
          // nginx's "client closed request"; nobody is left to read it.
          return new Response(null, { status: 499 });
        }
        // fetch's own message is only "fetch failed"; the cause says why (ECONNREFUSED, a reset...).
        const cause = error instanceof Error ? error.cause : undefined;
        logger.error('service unreachable', { upstream: service, path: url.pathname, error, cause });
        return c.json({ error: { code: 'UNAVAILABLE', message: UNEXPECTED_ERROR_MESSAGE } }, 503);
      } finally {
        client.removeEventListener('abort', abortUpstream);
      }
    };
    api.all(prefix, forward);
    api.all(`${prefix}/*`, forward);
  }
  return api;
}
