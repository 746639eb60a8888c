import { randomUUID } from 'node:crypto';
import {
  CONSENT_BODY_LIMIT_BYTES,
  MARKETING_PATHS,
  ZErrorBodySchema,
  ZRecordConsentResponseSchema,
} from '@prospector/contracts';
import { CLIENT_IP_HEADER, stampClientIp } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMarketingServices } from '../../_factories.ts';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from '../../config.ts';
import { consents } from '../../db/schema.ts';

const flags = { necessary: true, analytics: true, marketing: false, functional: true };

describe('POST /api/marketing/consents', () => {
  const marketing = useMarketingServices('consents');

  async function start(config: Partial<TMarketingConfig> = {}) {
    const service = await marketing.start({ ...DEFAULT_MARKETING_CONFIG, ...config });
    return (body: unknown, headers: Record<string, string> = {}) =>
      service.app.request(MARKETING_PATHS.consents, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
  }

  const rowsOf = (anonymousId: string) =>
    marketing.database.db.select().from(consents).where(eq(consents.anonymousId, anonymousId));

  it('records a choice as made, without sign-in, and a changed mind as a new row', async () => {
    const post = await start();
    const anonymousId = randomUUID();
    const first = await post({ anonymousId, flags, policyVersion: '2026-11-24' });
    expect(first.status).toBe(201);
    const { id } = ZRecordConsentResponseSchema.parse(await first.json());

    const second = await post({
      anonymousId,
      flags: { necessary: true, analytics: false, marketing: false, functional: false },
      policyVersion: '2026-11-24',
    });
    expect(second.status).toBe(201);

    const rows = await rowsOf(anonymousId);
    expect(rows).toHaveLength(2);
    const recorded = rows.find((row) => row.id === id);
    expect(recorded).toMatchObject({ ...flags, anonymousId, policyVersion: '2026-11-24' });
    expect(recorded?.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    ['necessary turned off', { flags: { ...flags, necessary: false } }],
    ['a flag missing', { flags: { necessary: true, analytics: true, marketing: false } }],
    ['a flag that is not a boolean', { flags: { ...flags, analytics: 'yes' } }],
    ['an unknown flag', { flags: { ...flags, tracking: true } }],
    ['an anonymous id that is not a uuid', { anonymousId: 'visitor-1' }],
    ['no policy version', { policyVersion: '' }],
    ['a policy version with markup', { policyVersion: '<script>' }],
    ['an unknown field', { email: 'someone@example.com' }],
  ])('refuses %s with 400 and stores nothing', async (_case, change) => {
    const post = await start();
    const anonymousId = randomUUID();
    const response = await post({ anonymousId, flags, policyVersion: '2026-11-24', ...change });
    expect(response.status).toBe(400);
    expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('VALIDATION_FAILED');
    expect(await rowsOf(anonymousId)).toHaveLength(0);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const post = await start();
    const response = await post('{"anonymousId":');
    expect(response.status).toBe(400);
    expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('refuses a body over the size limit with 413 before reading it, and stores nothing', async () => {
    const post = await start();
    const anonymousId = randomUUID();
    const response = await post({
      anonymousId,
      flags,
      policyVersion: '2026-11-24',
      padding: 'x'.repeat(CONSENT_BODY_LIMIT_BYTES),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `A consent must be at most ${CONSENT_BODY_LIMIT_BYTES} bytes.`,
      },
    });
    expect(await rowsOf(anonymousId)).toHaveLength(0);
  });

  it('limits the records per client address the edge signed and window, each address on its own', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const edgeSecret = 'a-secret-the-edge-shares-with-services';
    const post = await start({
      consentRateLimit: { limit: 3, windowMs: 60_000 },
      edgeSecret,
      now: () => now,
    });
    const from = (address: string) => {
      const headers = new Headers();
      stampClientIp(headers, address, edgeSecret);
      return post(
        { anonymousId: randomUUID(), flags, policyVersion: '2026-11-24' },
        Object.fromEntries(headers),
      );
    };
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await from('203.0.113.1')).status).toBe(201);
    const limited = await from('203.0.113.1');
    expect(limited.status).toBe(429);
    expect(ZErrorBodySchema.parse(await limited.json()).error.code).toBe('RATE_LIMITED');
    expect((await from('203.0.113.2')).status).toBe(201);

    now = new Date(now.getTime() + 60_000);
    expect((await from('203.0.113.1')).status).toBe(201);
  });

  it('ignores a client-address header without the signature of its edge secret, so rotating it dodges nothing', async () => {
    const post = await start({
      consentRateLimit: { limit: 2, windowMs: 60_000 },
      edgeSecret: 'x'.repeat(32),
    });
    const statuses: number[] = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const response = await post(
        { anonymousId: randomUUID(), flags, policyVersion: '2026-11-24' },
        { [CLIENT_IP_HEADER]: address, 'x-forwarded-for': address },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
