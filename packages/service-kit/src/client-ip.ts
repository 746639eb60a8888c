import { createHmac, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { TEnvCheck } from '@prospector/config';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';

/** The client address the edge saw, on the edge → service hop. The edge always overwrites it. */
export const CLIENT_IP_HEADER = 'x-prospector-client-ip';
/**
 * `<unix seconds>.<HMAC-SHA256 of the time and the address, base64url>` under the secret the edge
 * shares with the services (EDGE_SECRET). A service believes CLIENT_IP_HEADER only with a valid one,
 * so whoever reaches a service without passing the edge cannot choose the address its limits key on.
 */
export const CLIENT_IP_SIGNATURE_HEADER = 'x-prospector-client-ip-signature';

/** How old (or, with clock skew, how far ahead) a signature may be: a captured one soon stops working. */
const SIGNATURE_MAX_AGE_SECONDS = 60;

/** EDGE_SECRET, read by the edge and by every service that keys anything on the client address. */
export const edgeSecretEnvShape = {
  EDGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

/** In production (NODE_ENV in the shape) services sit behind the edge: without the secret every client would be one. */
export const edgeSecretEnvCheck: TEnvCheck = (env) =>
  env.NODE_ENV === 'production' && !env.EDGE_SECRET
    ? {
        variable: 'EDGE_SECRET',
        message: 'is required in production (at least 32 characters, the same on the edge and the services)',
      }
    : undefined;

const mac = (secret: string, issuedAt: number, address: string) =>
  createHmac('sha256', secret).update(`${issuedAt}\n${address}`).digest('base64url');

export function signClientIp(secret: string, address: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt}.${mac(secret, issuedAt, address)}`;
}

export function isClientIpSignatureValid(
  secret: string,
  address: string,
  signature: string,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/.exec(signature);
  if (!match?.[1] || !match[2]) return false;
  const issuedAt = Number(match[1]);
  if (Math.abs(now / 1000 - issuedAt) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(mac(secret, issuedAt, address));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Sets the hop's client-address headers on a request the edge forwards: the address it saw, signed
 * when it has a secret. Whatever the client sent in either header is replaced or dropped.
 */
export function stampClientIp(headers: Headers, address: string, secret: string | undefined): void {
  headers.set(CLIENT_IP_HEADER, address);
  if (secret) headers.set(CLIENT_IP_SIGNATURE_HEADER, signClientIp(secret, address));
  else headers.delete(CLIENT_IP_SIGNATURE_HEADER);
}

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
 * The address rate limits (and the dev mailbox's this-machine check) key on: CLIENT_IP_HEADER when
 * its signature verifies under `edgeSecret`, otherwise the socket's. A faked X-Forwarded-For, or a
 * CLIENT_IP_HEADER without a valid signature, changes nothing.
 */
export function clientIp(options: { edgeSecret: string | undefined }): MiddlewareHandler<{
  Variables: TClientIpVariables;
}> {
  return async (c, next) => {
    const claimed = c.req.header(CLIENT_IP_HEADER);
    const signature = c.req.header(CLIENT_IP_SIGNATURE_HEADER);
    const forwarded =
      options.edgeSecret && claimed && signature
        ? isClientIpSignatureValid(options.edgeSecret, claimed, signature)
        : false;
    c.set('clientIp', forwarded && claimed ? claimed : socketAddress(c));
    await next();
  };
}
