import { ServerResponse } from 'node:http';
import type { Hono, MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of every page and response the app serves. Scripts come only from the
 * app's origin (the built shell and remotes are module files; nothing inline, no eval) plus any origin
 * a remote entry is configured on. Styles allow inline: React's `style` attributes, Radix's
 * positioning, toasts and the server-rendered sandbox checkout and dev mailbox pages all set them.
 * Images and fonts may be data: URLs (icons, inlined assets). Nothing may frame the app.
 */
export function contentSecurityPolicy(extraOrigins: readonly string[] = []): string {
  const extra = extraOrigins.length > 0 ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `img-src 'self' data:${extra}`,
    `font-src 'self' data:${extra}`,
    `connect-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface TSecurityHeadersOptions {
  /** Origins the frontends load code from besides this one (remote entries on other hosts). */
  extraOrigins?: readonly string[];
}

/**
 * Mounts middleware on each prefix and every path under it (`/api/billing`, `/api/billing/…`), and
 * nowhere else. In embedded mode the services' apps are merged into one, so middleware mounted on
 * `*` would run for every other service's requests too; mounted per prefix, the router skips it.
 */
export function usePerPrefix(
  app: Hono,
  prefixes: readonly string[],
  ...middleware: MiddlewareHandler[]
): void {
  for (const prefix of prefixes) app.use(`${prefix}/*`, ...middleware);
}

const API_PATH = /^\/api(\/|$)/;

/**
 * Security headers on every response: the CSP above (unless the response set its own), no MIME sniffing, no framing, a referrer that
 * never leaks paths to other sites, and `Cache-Control: no-store` on API answers that did not choose
 * their own caching (they are per user: a shared cache or the back button must not keep them).
 *
 * Served by Node (`listen`), they are the Node response's defaults, set before the handler runs: Node
 * sends them beside the response's own headers, which win where both name one. The response itself
 * is left alone, so @hono/node-server writes it from the plain headers it was made with instead of
 * building a `Headers` object to add five more (7% of a cheap read's CPU in a profile). Answered in-process
 * (`app.request`, a test), they are added to the response once it is made, to the same effect.
 */
export function securityHeaders(options: TSecurityHeadersOptions = {}): MiddlewareHandler {
  const policy = contentSecurityPolicy(options.extraOrigins);
  const everywhere: ReadonlyArray<[string, string]> = [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  const onApi: ReadonlyArray<[string, string]> = [...everywhere, ['Cache-Control', 'no-store']];
  const defaults = (path: string) => (API_PATH.test(path) ? onApi : everywhere);
  return async (c, next) => {
    const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
    if (outgoing instanceof ServerResponse && !outgoing.headersSent) {
      for (const [name, value] of defaults(c.req.path)) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    const headers = c.res.headers;
    // A response that chose a policy of its own (a generated image's stricter one) or its own caching keeps it.
    for (const [name, value] of defaults(c.req.path)) if (!headers.has(name)) headers.set(name, value);
  };
}
