import { getConnInfo } from '@hono/node-server/conninfo';
import { CLIENT_IP_HEADER } from '@prospector/service-kit';
import type { Context, MiddlewareHandler } from 'hono';

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

/** 127.0.0.0/8 or ::1, also written as an IPv4-mapped IPv6 address. */
export const isLoopbackAddress = (address: string) => address === '::1' || /^(::ffff:)?127\./i.test(address);

/** A copy of `request` whose CLIENT_IP_HEADER is the verified address and nothing else claims one. */
export function withClientIp(request: Request, address: string, body?: string | null): Request {
  const headers = new Headers(request.headers);
  headers.delete('x-forwarded-for');
  headers.delete('x-real-ip');
  headers.set(CLIENT_IP_HEADER, address);
  return new Request(request.url, {
    method: request.method,
    headers,
    body: body === undefined ? request.body : body,
    // Node's fetch needs this to pass a streamed body along.
    ...(request.body && body === undefined ? { duplex: 'half' } : {}),
  } as RequestInit);
}
