import { CLIENT_IP_HEADER } from '@prospector/service-kit';

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
