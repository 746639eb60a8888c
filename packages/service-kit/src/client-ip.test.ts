import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_IP_HEADER,
  CLIENT_IP_SIGNATURE_HEADER,
  clientIp,
  isClientIpSignatureValid,
  signClientIp,
  stampClientIp,
  type TClientIpVariables,
} from './client-ip.ts';

const SECRET = 'the-secret-the-edge-shares-with-services';
const NOW = Date.parse('2026-11-24T10:00:00Z');

describe('client address signatures', () => {
  it('verify for the address and secret they were made with, for a minute either way', () => {
    const signature = signClientIp(SECRET, '203.0.113.7', NOW);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', signature, NOW)).toBe(true);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', signature, NOW + 60_000)).toBe(true);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', signature, NOW - 60_000)).toBe(true);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', signature, NOW + 61_000)).toBe(false);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', signature, NOW - 61_000)).toBe(false);
  });

  it('fail for another address, another secret, a changed time or anything malformed', () => {
    const signature = signClientIp(SECRET, '203.0.113.7', NOW);
    const [issuedAt, mac] = signature.split('.');
    expect(isClientIpSignatureValid(SECRET, '127.0.0.1', signature, NOW)).toBe(false);
    expect(isClientIpSignatureValid(`${SECRET}!`, '203.0.113.7', signature, NOW)).toBe(false);
    expect(isClientIpSignatureValid(SECRET, '203.0.113.7', `${Number(issuedAt) + 1}.${mac}`, NOW)).toBe(
      false,
    );
    for (const malformed of [
      '',
      '.',
      `${issuedAt}.`,
      `.${mac}`,
      `${signature}.x`,
      `x${signature}`,
      'a'.repeat(5000),
    ]) {
      expect(isClientIpSignatureValid(SECRET, '203.0.113.7', malformed, NOW), malformed).toBe(false);
    }
  });
});

describe('clientIp', () => {
  const appWith = (edgeSecret: string | undefined) =>
    new Hono<{ Variables: TClientIpVariables }>()
      .use(clientIp({ edgeSecret }))
      .get('/', (c) => c.text(c.get('clientIp')));
  const from = async (app: ReturnType<typeof appWith>, headers: Headers | Record<string, string>) =>
    (await app.request('/', { headers }, { incoming: { socket: { remoteAddress: '10.1.2.3' } } })).text();
  const stamped = (address: string, secret: string) => {
    const headers = new Headers({ [CLIENT_IP_SIGNATURE_HEADER]: 'left over' });
    stampClientIp(headers, address, secret);
    return headers;
  };

  it('takes the stamped address when its signature verifies under the secret', async () => {
    expect(await from(appWith(SECRET), stamped('203.0.113.7', SECRET))).toBe('203.0.113.7');
  });

  it("falls back to the socket's address for an unsigned, forged or unverifiable stamp", async () => {
    const app = appWith(SECRET);
    expect(await from(app, { [CLIENT_IP_HEADER]: '127.0.0.1', 'x-forwarded-for': '127.0.0.1' })).toBe(
      '10.1.2.3',
    );
    expect(await from(app, { [CLIENT_IP_HEADER]: '127.0.0.1', [CLIENT_IP_SIGNATURE_HEADER]: 'forged' })).toBe(
      '10.1.2.3',
    );
    expect(await from(app, stamped('127.0.0.1', 'another-secret-than-the-services-one'))).toBe('10.1.2.3');
    // Without a secret of its own a service believes no stamp at all.
    expect(await from(appWith(undefined), stamped('203.0.113.7', SECRET))).toBe('10.1.2.3');
  });

  it('stamps no signature without a secret, dropping one the client sent', () => {
    const headers = new Headers({ [CLIENT_IP_HEADER]: '127.0.0.1', [CLIENT_IP_SIGNATURE_HEADER]: 'forged' });
    stampClientIp(headers, '203.0.113.7', undefined);
    expect(headers.get(CLIENT_IP_HEADER)).toBe('203.0.113.7');
    expect(headers.has(CLIENT_IP_SIGNATURE_HEADER)).toBe(false);
  });
});
