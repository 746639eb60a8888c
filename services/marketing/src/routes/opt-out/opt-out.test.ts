import {
  ACCESS_REQUEST_RECEIVED_MESSAGE,
  OPT_OUT_PATHS,
  OPT_OUT_RECEIVED_MESSAGE,
  optOutProofBits,
  solveOptOutChallenge,
  ZErrorBodySchema,
  ZOptOutChallengeSchema,
} from '@prospector/contracts';
import { createOptOutKeys, stampClientIp } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMarketingServices } from '../../_factories.ts';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from '../../config.ts';
import { auditTrail, optOuts, outbox } from '../../db/schema.ts';

const keys = createOptOutKeys();
const edgeSecret = 'a-secret-the-edge-shares-with-services';

describe('the public opt-out', () => {
  const marketing = useMarketingServices('opt-out');

  async function start(options: Partial<TMarketingConfig['optOut']> = {}, now?: () => Date) {
    const service = await marketing.start({
      ...DEFAULT_MARKETING_CONFIG,
      edgeSecret,
      now,
      optOut: { ...DEFAULT_MARKETING_CONFIG.optOut, difficulty: 6, ...options },
    });
    const challenge = async () =>
      ZOptOutChallengeSchema.parse(await (await service.app.request(OPT_OUT_PATHS.challenge)).json());
    const post = (body: unknown, address = '203.0.113.10') => {
      const headers = new Headers({ 'content-type': 'application/json' });
      stampClientIp(headers, address, edgeSecret);
      return service.app.request(OPT_OUT_PATHS.optOut, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    };
    const optOut = async (fields: { username: string; email?: string }, address?: string) => {
      const issued = await challenge();
      return post(
        { ...fields, challenge: issued.challenge, nonce: await solveOptOutChallenge(issued) },
        address,
      );
    };
    const access = async (username: string, address?: string) => {
      const issued = await challenge();
      const headers = new Headers({ 'content-type': 'application/json' });
      stampClientIp(headers, address ?? '203.0.113.40', edgeSecret);
      return service.app.request(OPT_OUT_PATHS.access, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          username,
          challenge: issued.challenge,
          nonce: await solveOptOutChallenge(issued),
        }),
      });
    };
    return { challenge, post, optOut, access };
  }

  it('keeps only keyed hashes, matches every form of a username, and announces it with the hashes alone', async () => {
    const { optOut } = await start();
    const first = await optOut({ username: '@Anna.Opt', email: '' }, '203.0.113.11');
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ message: OPT_OUT_RECEIVED_MESSAGE });
    const second = await optOut(
      { username: 'https://www.instagram.com/anna.opt/', email: 'Anna@Example.com ' },
      '203.0.113.11',
    );
    expect(second.status).toBe(202);

    const usernameKey = keys.username('anna.opt');
    const rows = await marketing.database.db
      .select()
      .from(optOuts)
      .where(eq(optOuts.usernameKey, usernameKey ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.emailKey).toBe(keys.email('anna@example.com'));
    const stored = JSON.stringify(await marketing.database.db.select().from(optOuts));
    expect(stored).not.toContain('anna');

    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.recorded'));
    const sent = events.map((row) => row.payload.data);
    expect(sent).toContainEqual({ usernameKey, emailKey: null });
    expect(sent).toContainEqual({ usernameKey, emailKey: keys.email('anna@example.com') });
    expect(JSON.stringify(events)).not.toMatch(/anna/i);
    const audited = await marketing.database.db.select().from(auditTrail);
    expect(audited.filter((row) => row.action === 'opt-out')).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toMatch(/anna/i);
  });

  it('answers the same whether or not anything is held', async () => {
    const { optOut } = await start();
    const never = await optOut({ username: 'never.extracted.anywhere' }, '203.0.113.12');
    const other = await optOut({ username: 'someone_else' }, '203.0.113.12');
    expect([never.status, other.status]).toEqual([202, 202]);
    expect(await never.text()).toBe(await other.text());
  });

  it('refuses a missing, wrong, reused, forged or expired proof of work, and stores nothing', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const { challenge, post } = await start({ difficulty: 10 }, () => now);
    const username = 'proof.needed';
    const refused = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('FORBIDDEN');
    };

    const issued = await challenge();
    let wrong = 0;
    while ((await optOutProofBits(issued.challenge, String(wrong))) >= 10) wrong += 1;
    await refused(
      await post({ username, challenge: issued.challenge, nonce: String(wrong) }, '203.0.113.20'),
    );

    const nonce = await solveOptOutChallenge(issued);
    const [expiry, random] = issued.challenge.split('.');
    await refused(await post({ username, challenge: `${expiry}.${random}.forged`, nonce }, '203.0.113.20'));
    expect((await post({ username, challenge: issued.challenge, nonce }, '203.0.113.21')).status).toBe(202);
    await refused(
      await post({ username: 'reused.proof', challenge: issued.challenge, nonce }, '203.0.113.21'),
    );

    const late = await challenge();
    const lateNonce = await solveOptOutChallenge(late);
    now = new Date(now.getTime() + DEFAULT_MARKETING_CONFIG.optOut.challengeTtlMs + 1);
    await refused(
      await post({ username: 'too.late', challenge: late.challenge, nonce: lateNonce }, '203.0.113.22'),
    );

    const stored = await marketing.database.db.select().from(optOuts);
    expect(stored.map((row) => row.usernameKey)).not.toContain(keys.username('reused.proof'));
    expect(stored.map((row) => row.usernameKey)).not.toContain(keys.username('too.late'));
    const missing = await post({ username }, '203.0.113.23');
    expect(missing.status).toBe(400);
  });

  it('limits requests per client address and window, each address on its own', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const { optOut } = await start({ rateLimit: { limit: 2, windowMs: 60 * 60_000 } }, () => now);
    expect((await optOut({ username: 'limit.one' }, '198.51.100.7')).status).toBe(202);
    expect((await optOut({ username: 'limit.two' }, '198.51.100.7')).status).toBe(202);
    const limited = await optOut({ username: 'limit.three' }, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(ZErrorBodySchema.parse(await limited.json()).error.code).toBe('RATE_LIMITED');
    expect((await optOut({ username: 'limit.three' }, '198.51.100.8')).status).toBe(202);
    now = new Date(now.getTime() + 60 * 60_000);
    expect((await optOut({ username: 'limit.four' }, '198.51.100.7')).status).toBe(202);
  });

  it('takes an access request with the keyed hash only, answers the same for anyone, and shares the limit', async () => {
    const { access, optOut } = await start({ rateLimit: { limit: 3, windowMs: 60 * 60_000 } });
    const held = await access('@Asking.Person', '203.0.113.41');
    const other = await access('nobody.here', '203.0.113.41');
    expect([held.status, other.status]).toEqual([202, 202]);
    expect(await held.json()).toEqual({ message: ACCESS_REQUEST_RECEIVED_MESSAGE });
    expect(await other.json()).toEqual({ message: ACCESS_REQUEST_RECEIVED_MESSAGE });
    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.access-requested'));
    expect(events.map((row) => row.payload.data)).toContainEqual({
      usernameKey: keys.username('asking.person'),
    });
    expect(JSON.stringify(events)).not.toMatch(/asking/i);
    // One budget per address for both kinds of request.
    expect((await optOut({ username: 'third.request' }, '203.0.113.41')).status).toBe(202);
    expect((await access('fourth.request', '203.0.113.41')).status).toBe(429);
  });

  it('refuses what is not a username with 400', async () => {
    const { optOut } = await start();
    const response = await optOut({ username: 'https://example.com/anna' }, '203.0.113.30');
    expect(response.status).toBe(400);
    expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('VALIDATION_FAILED');
  });
});
