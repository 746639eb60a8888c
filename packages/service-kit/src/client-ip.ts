import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER } from './http-server.ts';

export interface TClientIpVariables {
  clientIp: string;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket: an in-process call from a service in this same process (the embedded session
    // check), never a browser. Loopback keeps those in one bucket without a per-request warning.
    return '127.0.0.1';
  }
}

/**
 * The address rate limits key on. From the socket, overwriting anything the client sent (a faked
 * X-Forwarded-For or CLIENT_IP_HEADER changes nothing) — unless this service runs behind the edge,
 * which always overwrites CLIENT_IP_HEADER with the address it saw (TRUST_PROXY_CLIENT_IP).
 */
export function clientIp(options: { trustProxyClientIp: boolean }): MiddlewareHandler<{
  Variables: TClientIpVariables;
}> {
  return async (c, next) => {
    const stamped = options.trustProxyClientIp ? c.req.header(CLIENT_IP_HEADER) : undefined;
    c.set('clientIp', stamped || socketAddress(c));
    await next();
  };
}
